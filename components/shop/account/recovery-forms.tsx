"use client";

import { Link } from "@/lib/i18n/navigation";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

// The words are the "AccountRecoveryForms" messages: the pages wrap these forms in ClientMessages.

export type RecoveryFormState = {
  sent?: boolean;
  error?: string;
  fieldErrors?: Partial<Record<"email" | "password", string>>;
  email?: string;
};

export type ConfirmState = { error?: string; fieldErrors?: Partial<Record<"password", string>> };

function Alert({ text }: { text?: string }) {
  return text ? (
    <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
      {text}
    </p>
  ) : null;
}

/** "Forgot password": the address, then the same answer whether or not it has an account. */
export function ForgotPasswordForm({
  send,
}: {
  send: (state: RecoveryFormState, form: FormData) => Promise<RecoveryFormState>;
}) {
  const t = useTranslations("AccountRecoveryForms");
  const [state, action] = useActionState<RecoveryFormState, FormData>(send, {});
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
        <Input
          {...fieldAria("email", { hint: t("emailHint"), error })}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.email}
        />
      </Field>
      <SubmitButton pendingText={t("sending")} className="w-full">
        {t("sendResetLink")}
      </SubmitButton>
    </form>
  );
}

export function ResetPasswordForm({
  action,
  email,
}: {
  action: (state: RecoveryFormState, form: FormData) => Promise<RecoveryFormState>;
  email: string;
}) {
  const t = useTranslations("AccountRecoveryForms");
  const [state, formAction] = useActionState<RecoveryFormState, FormData>(action, {});
  const error = state.fieldErrors?.password;
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      <Alert text={state.error} />
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="password" label={t("newPassword")} hint={t("passwordHint")} error={error}>
        <Input
          {...fieldAria("password", { hint: t("passwordHint"), error })}
          name="password"
          type="password"
          autoComplete="new-password"
          required
        />
      </Field>
      <SubmitButton pendingText={t("saving")} className="w-full">
        {t("setNewPassword")}
      </SubmitButton>
    </form>
  );
}

/**
 * The mailed confirmation link's form: for a sign-up, the password the account will have; for a
 * change of address, the account's current password (lib/account/verification.ts).
 */
export function ConfirmEmailForm({
  action,
  email,
  kind,
}: {
  action: (state: ConfirmState, form: FormData) => Promise<ConfirmState>;
  email: string;
  kind: "sign_up" | "change";
}) {
  const t = useTranslations("AccountRecoveryForms");
  const [state, formAction] = useActionState<ConfirmState, FormData>(action, {});
  const error = state.fieldErrors?.password;
  const signUp = kind === "sign_up";
  const hint = signUp ? t("passwordHint") : undefined;
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      <Alert text={state.error} />
      <p className="text-sm">
        {t.rich(signUp ? "confirmSignUpLead" : "changeLead", { email, strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="password" label={signUp ? t("choosePassword") : t("accountPassword")} hint={hint} error={error}>
        <Input
          {...fieldAria("password", { hint, error })}
          name="password"
          type="password"
          autoComplete={signUp ? "new-password" : "current-password"}
          required
        />
      </Field>
      <SubmitButton pendingText={t("confirming")} className="w-full">
        {signUp ? t("confirmMyEmail") : t("confirmNewAddress")}
      </SubmitButton>
      {signUp ? null : <p className="text-sm text-muted">{t("notYou")}</p>}
    </form>
  );
}
