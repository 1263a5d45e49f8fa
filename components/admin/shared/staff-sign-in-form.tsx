"use client";

import { useActionState } from "react";
import { signInAction, type AuthFormState } from "@/app/(shop)/account/actions";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

// Staff sign in with the same credentials flow as customers (one account table, one Auth.js
// config); only the landing page differs. The dashboard's guards decide what a role may see.
export function StaffSignInForm({ next }: { next: string }) {
  const [state, action] = useActionState<AuthFormState, FormData>(signInAction, {});
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="next" value={next} />
      {state.error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      <Field id="email" label="Email">
        <Input {...fieldAria("email", {})} name="email" type="email" autoComplete="username" required defaultValue={state.email} />
      </Field>
      <Field id="password" label="Password">
        <Input {...fieldAria("password", {})} name="password" type="password" autoComplete="current-password" required />
      </Field>
      <SubmitButton pendingText="Signing in…" className="w-full">
        Sign in
      </SubmitButton>
    </form>
  );
}
