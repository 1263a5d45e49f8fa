"use client";

import { Link } from "@/lib/i18n/navigation";
import { useTranslations } from "next-intl";
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

// The words are the "AccountRecoveryForms" messages (ResendVerificationForm's: "AccountResendForm"):
// the pages wrap these forms in ClientMessages.

function Alert({ text }: { text?: string }) {
  return text ? (
    <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
      {text}
    </p>
  ) : null;
}

/** "Forgot password": the address, then the same answer whether or not it has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations("AccountRecoveryForms");
  const [state, action] = useActionState<RecoveryFormState, FormData>(forgotPasswordAction, {});
  if (state.sent) {
    return (
      <div role="status" className="flex flex-col gap-3 text-sm" data-testid="reset-requested">
        <p className="font-medium">{t("checkMail")}</p>
        <p className="text-muted">{t("resetSent", { email: state.email ?? "" })}</p>
        <Link href="/account/sign-in" className="font-medium text-brand underline-offset-4 hover:underline">
          {t("backToSignIn")}
        </Link>
      </div>
    );
  }
  const error = state.fieldErrors?.email;
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <Alert text={state.error} />
      <Field id="email" label={t("email")} hint={t("emailHint")} error={error}>
        <Input {...fieldAria("email", { hint: t("emailHint"), error })} name="email" type="email" autoComplete="email" required defaultValue={state.email} />
      </Field>
      <SubmitButton pendingText={t("sending")} className="w-full">
        {t("sendResetLink")}
      </SubmitButton>
    </form>
  );
}

export function ResetPasswordForm({ action, email }: { action: (state: RecoveryFormState, form: FormData) => Promise<RecoveryFormState>; email: string }) {
  const t = useTranslations("AccountRecoveryForms");
  const [state, formAction] = useActionState<RecoveryFormState, FormData>(action, {});
  const error = state.fieldErrors?.password;
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      <Alert text={state.error} />
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="password" label={t("newPassword")} hint={t("passwordHint")} error={error}>
        <Input {...fieldAria("password", { hint: t("passwordHint"), error })} name="password" type="password" autoComplete="new-password" required />
      </Field>
      <SubmitButton pendingText={t("saving")} className="w-full">
        {t("setNewPassword")}
      </SubmitButton>
    </form>
  );
}

export function ConfirmEmailForm({ action, email }: { action: (state: ConfirmState, form: FormData) => Promise<ConfirmState>; email: string }) {
  const t = useTranslations("AccountRecoveryForms");
  const [state, formAction] = useActionState<ConfirmState, FormData>(action, {});
  if (state.done) {
    const { ordersJoined, email: confirmed } = state.done;
    return (
      <div role="status" className="flex flex-col gap-3 text-sm" data-testid="email-confirmed">
        <p className="font-medium">{state.done.changed ? t("accountNowUses", { email: confirmed }) : t("emailConfirmed", { email: confirmed })}</p>
        <p className="text-muted">{ordersJoined > 0 ? t("ordersJoined", { count: ordersJoined }) : t("futureGuestOrders")}</p>
        <ButtonLink href="/account" className="self-start">
          {t("goToAccount")}
        </ButtonLink>
      </div>
    );
  }
  return (
    <form action={formAction} className="flex flex-col gap-4">
      <Alert text={state.error} />
      <p className="text-sm">{t.rich("confirmThat", { email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <SubmitButton pendingText={t("confirming")} className="w-full">
        {t("confirmMyEmail")}
      </SubmitButton>
    </form>
  );
}

/** The account page's notice for an unconfirmed address, with "send the link again". */
export function ResendVerificationForm({ email }: { email: string }) {
  const t = useTranslations("AccountResendForm");
  const [state, action] = useActionState<ResendState, FormData>(resendVerificationAction, {});
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      <SubmitButton variant="secondary" size="sm" pendingText={t("sending")}>
        {t("sendAgain")}
      </SubmitButton>
      <p role="status" className="text-sm text-muted">
        {state.sent ? t("sentTo", { email }) : ""}
      </p>
      {state.error ? (
        <p role="alert" className="text-sm text-danger">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
