"use client";

import { Link } from "@/lib/i18n/navigation";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

export type AuthFormState = {
  error?: string;
  fieldErrors?: Partial<Record<"email" | "name", string>>;
  email?: string;
  sent?: boolean;
};

type AuthAction = (state: AuthFormState, form: FormData) => Promise<AuthFormState>;

/**
 * One sign-in for customers and staff (one account table, one Auth.js credentials flow); the
 * staff variant (/admin/sign-in) offers no sign-up and lets password managers file the login
 * as a username. What a role may see is decided by the dashboard's guards, not here. Its words
 * are the "AccountAuthForms" messages: the page wraps it in ClientMessages.
 */
export function SignInForm({
  next,
  staff = false,
  email,
  signIn,
}: {
  next: string;
  staff?: boolean;
  email?: string;
  signIn: AuthAction;
}) {
  const t = useTranslations("AccountAuthForms");
  const [state, action] = useActionState<AuthFormState, FormData>(signIn, { email });
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="next" value={next} />
      {state.error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      <Field id="email" label={t("email")}>
        <Input
          {...fieldAria("email", {})}
          name="email"
          type="email"
          autoComplete={staff ? "username" : "email"}
          required
          defaultValue={state.email}
        />
      </Field>
      <Field id="password" label={t("password")}>
        <Input
          {...fieldAria("password", {})}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
      </Field>
      {staff ? null : (
        <Link
          href="/account/forgot-password"
          className="-mt-2 self-end text-sm font-medium text-brand underline-offset-4 hover:underline"
        >
          {t("forgotPassword")}
        </Link>
      )}
      <SubmitButton pendingText={t("signingIn")} className="w-full">
        {t("signIn")}
      </SubmitButton>
      {staff ? null : (
        <p className="text-center text-sm text-muted">
          {t("newHere")}{" "}
          <Link
            href={`/account/sign-up?next=${encodeURIComponent(next)}`}
            className="font-medium text-brand underline-offset-4 hover:underline"
          >
            {t("createAnAccount")}
          </Link>
        </p>
      )}
    </form>
  );
}

/**
 * Sign-up asks for the address (and a name) only: the password is chosen on the mailed link's
 * page. The answer is the same whatever the address (docs/accounts.md).
 */
export function SignUpForm({ next, signUp }: { next: string; signUp: AuthAction }) {
  const t = useTranslations("AccountAuthForms");
  const [state, action] = useActionState<AuthFormState, FormData>(signUp, {});
  const errors = state.fieldErrors ?? {};
  if (state.sent) {
    return (
      <div role="status" className="flex flex-col gap-3 text-sm" data-testid="sign-up-sent">
        <p className="font-medium">{t("checkInbox")}</p>
        <p className="text-muted">{t("signUpSent", { email: state.email ?? "" })}</p>
      </div>
    );
  }
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="next" value={next} />
      <Field id="name" label={t("name")} error={errors.name}>
        <Input {...fieldAria("name", { error: errors.name })} name="name" autoComplete="name" />
      </Field>
      <Field id="email" label={t("email")} error={errors.email}>
        <Input
          {...fieldAria("email", { error: errors.email })}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.email}
        />
      </Field>
      <SubmitButton pendingText={t("creating")} className="w-full">
        {t("createAccount")}
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        {t("haveAccount")}{" "}
        <Link
          href={`/account/sign-in?next=${encodeURIComponent(next)}`}
          className="font-medium text-brand underline-offset-4 hover:underline"
        >
          {t("signIn")}
        </Link>
      </p>
    </form>
  );
}
