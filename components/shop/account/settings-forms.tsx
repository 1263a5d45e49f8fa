"use client";

import { useActionState } from "react";
import { changeEmailAction, changePasswordAction, type SettingsFormState } from "@/app/[locale]/(shop)/account/settings/actions";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

const PASSWORD_HINT = "At least 10 characters.";

function Outcome({ state }: { state: SettingsFormState }) {
  return (
    <>
      {state.error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      <p role="status" className="text-sm text-ok empty:hidden">
        {state.message ?? ""}
      </p>
    </>
  );
}

export function ChangePasswordForm({ email }: { email: string }) {
  const [state, action] = useActionState<SettingsFormState, FormData>(changePasswordAction, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="flex flex-col gap-4" aria-label="Change password" noValidate>
      <Outcome state={state} />
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="currentPassword" label="Current password" error={errors.currentPassword}>
        <Input {...fieldAria("currentPassword", { error: errors.currentPassword })} name="currentPassword" type="password" autoComplete="current-password" required />
      </Field>
      <Field id="newPassword" label="New password" hint={PASSWORD_HINT} error={errors.newPassword}>
        <Input {...fieldAria("newPassword", { hint: PASSWORD_HINT, error: errors.newPassword })} name="newPassword" type="password" autoComplete="new-password" required />
      </Field>
      <p className="text-xs text-muted">Changing it signs you out on every other device.</p>
      <SubmitButton pendingText="Saving…" className="self-start">
        Change password
      </SubmitButton>
    </form>
  );
}

export function ChangeEmailForm() {
  const [state, action] = useActionState<SettingsFormState, FormData>(changeEmailAction, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="flex flex-col gap-4" aria-label="Change email" noValidate>
      <Outcome state={state} />
      <Field id="email" label="New email address" error={errors.email}>
        <Input {...fieldAria("email", { error: errors.email })} name="email" type="email" autoComplete="email" required />
      </Field>
      <Field id="emailCurrentPassword" label="Current password" error={errors.currentPassword}>
        <Input {...fieldAria("emailCurrentPassword", { error: errors.currentPassword })} name="currentPassword" type="password" autoComplete="current-password" required />
      </Field>
      <SubmitButton pendingText="Sending…" className="self-start">
        Send a confirmation link
      </SubmitButton>
    </form>
  );
}
