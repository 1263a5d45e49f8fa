"use client";

import { useActionState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

export type FormState = { ok?: string; error?: string; fieldErrors?: Record<string, string> };
type FormAction = (state: FormState, form: FormData) => Promise<FormState>;

const HINTS = {
  apiId: "test_… for sandbox, live_… for production",
  apiSecret: "Shown once by the upstream when the key was created; stored encrypted, never shown here again.",
  svcSecret: "Stored encrypted, never shown here again.",
  environment: "The unlocking API issues separate sandbox and production pairs.",
};

function Outcome({ state }: { state: FormState }) {
  return (
    <div aria-live="polite">
      {state.ok ? <p className="text-sm font-medium text-ok">{state.ok}</p> : null}
      {state.error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}

/** api_id and api_secret; the secret is write-only (never sent back to the browser). */
export function CommerceApiKeyForm({ action }: { action: FormAction }) {
  const [state, formAction] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="flex flex-col gap-3" noValidate>
      <Field id="apiId" label="api_id" hint={HINTS.apiId} error={errors.apiId}>
        <Input
          name="apiId"
          autoComplete="off"
          spellCheck={false}
          required
          {...fieldAria("apiId", { hint: HINTS.apiId, error: errors.apiId })}
        />
      </Field>
      <Field id="apiSecret" label="api_secret" hint={HINTS.apiSecret} error={errors.apiSecret}>
        <Input
          name="apiSecret"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          required
          {...fieldAria("apiSecret", { hint: HINTS.apiSecret, error: errors.apiSecret })}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingText="Saving…">Save API key</SubmitButton>
        <Outcome state={state} />
      </div>
    </form>
  );
}

export function UnlockCredentialForm({ action }: { action: FormAction }) {
  const [state, formAction] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={formAction} className="flex flex-col gap-3" noValidate>
      <Field id="svcKey" label="SVC key" error={errors.svcKey}>
        <Input
          name="svcKey"
          autoComplete="off"
          spellCheck={false}
          required
          {...fieldAria("svcKey", { error: errors.svcKey })}
        />
      </Field>
      <Field id="svcSecret" label="SVC secret" hint={HINTS.svcSecret} error={errors.svcSecret}>
        <Input
          name="svcSecret"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          required
          {...fieldAria("svcSecret", { hint: HINTS.svcSecret, error: errors.svcSecret })}
        />
      </Field>
      <Field id="environment" label="This pair is for" hint={HINTS.environment} error={errors.environment}>
        <Select
          name="environment"
          defaultValue="production"
          {...fieldAria("environment", { hint: HINTS.environment, error: errors.environment })}
        >
          <option value="sandbox">Sandbox (no real orders)</option>
          <option value="production">Production</option>
        </Select>
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingText="Saving…">Save credentials</SubmitButton>
        <Outcome state={state} />
      </div>
    </form>
  );
}

/** "Connect account": the server action answers with a redirect to the upstream's sign-in, or an error. */
export function ConnectOAuthForm({
  action,
  label,
}: {
  action: (state: FormState) => Promise<FormState>;
  label: string;
}) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} className="flex flex-col gap-2">
      <div>
        <SubmitButton pendingText="Contacting the upstream…">{label}</SubmitButton>
      </div>
      <Outcome state={state} />
    </form>
  );
}
