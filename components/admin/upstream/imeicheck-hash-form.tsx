"use client";

import { useActionState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import {
  IMEI_CHECK_HASH_ALGORITHMS,
  IMEI_CHECK_HASH_ENCODINGS,
  type ImeiCheckHashSettings,
} from "@/lib/upstream/unlock/imeicheck-hash-settings";
import type { FormState } from "./forms";

type FormAction = (state: FormState, form: FormData) => Promise<FormState>;

const HINTS = {
  hashKey: "Which value keys the HMAC. Leave “none” for a plain digest.",
  hashArguments:
    "The values joined by #### in the supplier's order, separated by commas: imei, svc_key, svc_secret, secret.",
  hashSecret:
    "Only when the supplier issued a separate hashing secret. Stored encrypted, never shown again; leave blank to keep the stored one.",
};

/** The IMEI check hash as the supplier specifies it (U§4 does not show it); `current` pre-fills everything but the secret. */
export function ImeiCheckHashForm({
  action,
  current,
}: {
  action: FormAction;
  current: Omit<ImeiCheckHashSettings, "secret"> | null;
}) {
  const [state, formAction] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="flex flex-col gap-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="hashAlgorithm" label="Function" error={errors.hashAlgorithm}>
          <Select
            name="hashAlgorithm"
            defaultValue={current?.algorithm ?? ""}
            required
            {...fieldAria("hashAlgorithm", { error: errors.hashAlgorithm })}
          >
            <option value="" disabled>
              Choose…
            </option>
            {IMEI_CHECK_HASH_ALGORITHMS.map((a) => (
              <option key={a} value={a}>
                {a.toUpperCase()}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="hashKey" label="Key" hint={HINTS.hashKey} error={errors.hashKey}>
          <Select
            name="hashKey"
            defaultValue={current?.key ?? ""}
            {...fieldAria("hashKey", { hint: HINTS.hashKey, error: errors.hashKey })}
          >
            <option value="">none</option>
            <option value="svc_secret">SVC secret</option>
            <option value="svc_key">SVC key</option>
            <option value="secret">separate secret</option>
          </Select>
        </Field>
        <Field id="hashArguments" label="Arguments, in order" hint={HINTS.hashArguments} error={errors.hashArguments}>
          <Input
            name="hashArguments"
            defaultValue={current?.arguments.join(",") ?? ""}
            placeholder="svc_key,imei"
            autoComplete="off"
            spellCheck={false}
            required
            {...fieldAria("hashArguments", { hint: HINTS.hashArguments, error: errors.hashArguments })}
          />
        </Field>
        <Field id="hashEncoding" label="Output encoding" error={errors.hashEncoding}>
          <Select
            name="hashEncoding"
            defaultValue={current?.encoding ?? ""}
            required
            {...fieldAria("hashEncoding", { error: errors.hashEncoding })}
          >
            <option value="" disabled>
              Choose…
            </option>
            {IMEI_CHECK_HASH_ENCODINGS.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field id="hashSecret" label="Separate secret (optional)" hint={HINTS.hashSecret} error={errors.hashSecret}>
        <Input
          name="hashSecret"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          {...fieldAria("hashSecret", { hint: HINTS.hashSecret, error: errors.hashSecret })}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingText="Saving…">Save IMEI check hash</SubmitButton>
        <div aria-live="polite">
          {state.ok ? <p className="text-sm font-medium text-ok">{state.ok}</p> : null}
          {state.error ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {state.error}
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
