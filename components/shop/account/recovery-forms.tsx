"use client";

import { Link } from "@/lib/i18n/navigation";
import { useActionState } from "react";
import {
  forgotPasswordAction,
  resendVerificationAction,
  type ConfirmState,
  type RecoveryFormState,
  type ResendState,
} from "@/app/[locale]/(shop)/account/recovery-actions";
import { ButtonLink } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

const PASSWORD_HINT = "At least 10 characters.";

function Alert({ text }: { text?: string }) {
  return text ? (
    <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
      {text}
    </p>
  ) : null;
}

/** "Forgot password": the address, then the same answer whether or not it has an account. */
export function ForgotPasswordForm() {
  const [state, action] = useActionState<RecoveryFormState, FormData>(forgotPasswordAction, {});
  if (state.sent) {
    return (
      <div role="status" className="flex flex-col gap-3 text-sm" data-testid="reset-requested">
        <p className="font-medium">Check your mail</p>
        <p className="text-muted">If {state.email} has an account here, we sent it a link to choose a new password. It works once, for an hour. No mail? Check the spam folder, or ask again in a few minutes.</p>
        <Link href="/account/sign-in" className="font-medium text-brand underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </div>
    );
  }
  const error = state.fieldErrors?.email;
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <Alert text={state.error} />
      <Field id="email" label="Email" hint="The address you sign in with." error={error}>
        <Input {...fieldAria("email", { hint: "The address you sign in with.", error })} name="email" type="email" autoComplete="email" required defaultValue={state.email} />
      </Field>
      <SubmitButton pendingText="Sending…" className="w-full">
        Send me a reset link
      </SubmitButton>
    </form>
  );
}

export function ResetPasswordForm({ action, email }: { action: (state: RecoveryFormState, form: FormData) => Promise<RecoveryFormState>; email: string }) {
  const [state, formAction] = useActionState<RecoveryFormState, FormData>(action, {});
  const error = state.fieldErrors?.password;
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      <Alert text={state.error} />
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="password" label="New password" hint={PASSWORD_HINT} error={error}>
        <Input {...fieldAria("password", { hint: PASSWORD_HINT, error })} name="password" type="password" autoComplete="new-password" required />
      </Field>
      <SubmitButton pendingText="Saving…" className="w-full">
        Set new password
      </SubmitButton>
    </form>
  );
}

export function ConfirmEmailForm({ action, email }: { action: (state: ConfirmState, form: FormData) => Promise<ConfirmState>; email: string }) {
  const [state, formAction] = useActionState<ConfirmState, FormData>(action, {});
  if (state.done) {
    const { ordersJoined } = state.done;
    return (
      <div role="status" className="flex flex-col gap-3 text-sm" data-testid="email-confirmed">
        <p className="font-medium">{state.done.changed ? `Your account now uses ${state.done.email}.` : `${state.done.email} is confirmed.`}</p>
        <p className="text-muted">
          {ordersJoined > 0 ? `${ordersJoined} earlier order${ordersJoined === 1 ? "" : "s"} placed with this address now appear${ordersJoined === 1 ? "s" : ""} in your account.` : "Orders you place with this address as a guest will appear in your account."}
        </p>
        <ButtonLink href="/account" className="self-start">
          Go to your account
        </ButtonLink>
      </div>
    );
  }
  return (
    <form action={formAction} className="flex flex-col gap-4">
      <Alert text={state.error} />
      <p className="text-sm">
        Confirm that <strong>{email}</strong> is your address.
      </p>
      <SubmitButton pendingText="Confirming…" className="w-full">
        Confirm my email
      </SubmitButton>
    </form>
  );
}

/** The account page's notice for an unconfirmed address, with "send the link again". */
export function ResendVerificationForm({ email }: { email: string }) {
  const [state, action] = useActionState<ResendState, FormData>(resendVerificationAction, {});
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      <SubmitButton variant="secondary" size="sm" pendingText="Sending…">
        Send the link again
      </SubmitButton>
      <p role="status" className="text-sm text-muted">
        {state.sent ? `Sent to ${email}.` : ""}
      </p>
      {state.error ? (
        <p role="alert" className="text-sm text-danger">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
