"use client";

import { useActionState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

export type StaffSignInState = { step: "password" | "code"; error?: string; email?: string; challenge?: string };

/**
 * The staff sign-in: email and password, then, for members with two-factor sign-in, the code
 * from their authenticator app (or a recovery code). No sign-up here; password managers file
 * the login as a username.
 */
export function StaffSignInForm({
  next,
  signIn,
}: {
  next: string;
  signIn: (state: StaffSignInState, form: FormData) => Promise<StaffSignInState>;
}) {
  const [state, action] = useActionState<StaffSignInState, FormData>(signIn, { step: "password" });
  const alert = state.error ? (
    <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
      {state.error}
    </p>
  ) : null;
  if (state.step === "code") {
    const hint = "6 digits from your authenticator app, or one of your recovery codes.";
    return (
      <form action={action} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="next" value={next} />
        <input type="hidden" name="challenge" value={state.challenge ?? ""} />
        <input type="hidden" name="email" value={state.email ?? ""} />
        {alert}
        <p className="text-sm text-muted">Two-factor sign-in is on for {state.email}.</p>
        <Field id="code" label="Authentication code" hint={hint}>
          <Input
            {...fieldAria("code", { hint })}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
          />
        </Field>
        <SubmitButton pendingText="Checking…" className="w-full">
          Verify
        </SubmitButton>
      </form>
    );
  }
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="next" value={next} />
      {alert}
      <Field id="email" label="Email">
        <Input
          {...fieldAria("email", {})}
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={state.email}
        />
      </Field>
      <Field id="password" label="Password">
        <Input
          {...fieldAria("password", {})}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
      </Field>
      <SubmitButton pendingText="Signing in…" className="w-full">
        Sign in
      </SubmitButton>
    </form>
  );
}
