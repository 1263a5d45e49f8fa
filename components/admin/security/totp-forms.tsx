"use client";

import { useActionState, type ReactNode } from "react";
import type { AdminActionState, CodesState, StaffFormAction } from "@/lib/admin/action-state";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

/** The recovery codes, shown once (the shop keeps only their hashes). */
export function RecoveryCodesOnce({ codes }: { codes: string[] }) {
  return (
    <div className="grid gap-2 rounded-xl border border-warn bg-warn-soft p-4 text-sm" data-testid="recovery-codes">
      <p>
        Your recovery codes, shown <strong>only this once</strong>. Each signs you in once instead of a code from the
        app, if you lose your phone. Keep them somewhere safe (a password manager, or on paper).
      </p>
      <ul className="grid gap-1 font-mono text-sm whitespace-nowrap sm:grid-cols-2" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function Result({ state }: { state: CodesState }) {
  if (state.codes) return <RecoveryCodesOnce codes={state.codes} />;
  return state.message ? (
    <p role={state.ok ? "status" : "alert"} className={state.ok ? "text-sm text-ok" : "text-sm text-danger"}>
      {state.message}
    </p>
  ) : null;
}

type CodeFormProps = {
  id: string;
  action: StaffFormAction<CodesState>;
  label: string;
  submit: string;
  pending: string;
  hint: string;
  before?: ReactNode;
};

function CodeForm({ id, action, label, submit, pending, hint, before }: CodeFormProps) {
  const [state, formAction] = useActionState<CodesState, FormData>(action, {});
  const error = state.fieldErrors?.code;
  const done = state.ok && state.codes;
  return (
    <div className="grid gap-3">
      {done ? null : before}
      {state.ok && state.message && state.codes ? (
        <p role="status" className="text-sm text-ok">
          {state.message}
        </p>
      ) : null}
      {state.ok ? <Result state={state} /> : null}
      {done ? (
        // A full load shows the page in its new state (two-factor on, codes left).
        // eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load on purpose
        <a
          href="/admin/security"
          className="justify-self-start text-sm font-medium text-brand underline underline-offset-4"
        >
          I have saved my recovery codes
        </a>
      ) : null}
      {done ? null : (
        <form action={formAction} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="min-w-48 flex-1">
            <Field id={id} label={label} hint={hint} error={error}>
              <Input
                {...fieldAria(id, { hint, error })}
                name="code"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                required
              />
            </Field>
          </div>
          <SubmitButton pendingText={pending} variant="secondary">
            {submit}
          </SubmitButton>
          {!state.ok && state.message ? <Result state={state} /> : null}
        </form>
      )}
    </div>
  );
}

/** `setup` (the QR code and key) shows until a code confirms it; then the recovery codes replace it. */
export function ConfirmEnrolmentForm({ setup, confirm }: { setup: ReactNode; confirm: StaffFormAction<CodesState> }) {
  return (
    <CodeForm
      id="confirm-code"
      action={confirm}
      label="Code from the app"
      hint="The 6 digits your authenticator app shows now."
      submit="Turn on two-factor sign-in"
      pending="Checking…"
      before={setup}
    />
  );
}

export function RegenerateCodesForm({ regenerate }: { regenerate: StaffFormAction<CodesState> }) {
  return (
    <CodeForm
      id="regenerate-code"
      action={regenerate}
      label="Code to make new recovery codes"
      hint="A current code from the app (or an unused recovery code)."
      submit="New recovery codes"
      pending="Making codes…"
    />
  );
}

export function DisableTotpForm({ disable }: { disable: StaffFormAction<CodesState> }) {
  return (
    <CodeForm
      id="disable-code"
      action={disable}
      label="Code to turn two-factor off"
      hint="A current code from the app (or an unused recovery code)."
      submit="Turn off"
      pending="Turning off…"
    />
  );
}

/** Admins: require two-factor sign-in for every staff member, or stop requiring it. */
export function RequireTotpForm({ required, save }: { required: boolean; save: StaffFormAction }) {
  const [state, action] = useActionState<AdminActionState, FormData>(save, {});
  return (
    <form action={action} className="grid gap-3">
      <input type="hidden" name="required" value={required ? "false" : "true"} />
      <p className="text-sm">
        Two-factor sign-in is <strong>{required ? "required" : "not required"}</strong> for all staff.
      </p>
      <div>
        <SubmitButton pendingText="Saving…" variant="secondary">
          {required ? "Stop requiring two-factor sign-in" : "Require two-factor sign-in for all staff"}
        </SubmitButton>
      </div>
      {state.message ? (
        <p role={state.ok ? "status" : "alert"} className={state.ok ? "text-sm text-ok" : "text-sm text-danger"}>
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
