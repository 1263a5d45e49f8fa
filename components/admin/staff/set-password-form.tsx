"use client";

import { useActionState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

export type SetPasswordState = { fieldErrors?: { password?: string; confirm?: string }; message?: string };

const HINT = "At least 10 characters. A few unrelated words make a strong one.";

export function SetPasswordForm({
  token,
  email,
  setPassword,
}: {
  token: string;
  email: string;
  setPassword: (state: SetPasswordState, form: FormData) => Promise<SetPasswordState>;
}) {
  const [state, action] = useActionState<SetPasswordState, FormData>(setPassword, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="token" value={token} />
      {/* Lets password managers file the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <Field id="new-password" label="New password" hint={HINT} error={errors.password}>
        <Input
          {...fieldAria("new-password", { hint: HINT, error: errors.password })}
          name="password"
          type="password"
          autoComplete="new-password"
          required
        />
      </Field>
      <Field id="confirm-password" label="New password again" error={errors.confirm}>
        <Input
          {...fieldAria("confirm-password", { error: errors.confirm })}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
        />
      </Field>
      {state.message ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {state.message}
        </p>
      ) : null}
      <SubmitButton pendingText="Saving…" className="self-start">
        Set password
      </SubmitButton>
    </form>
  );
}
