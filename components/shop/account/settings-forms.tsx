"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

// The words are the "AccountSettingsForms" messages: the settings page wraps these in ClientMessages.

export type SettingsFormState = {
  message?: string;
  error?: string;
  fieldErrors?: Partial<Record<"currentPassword" | "newPassword" | "email", string>>;
};

type SettingsAction = (state: SettingsFormState, form: FormData) => Promise<SettingsFormState>;

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

export function ChangePasswordForm({ email, change }: { email: string; change: SettingsAction }) {
  const t = useTranslations("AccountSettingsForms");
  const [state, action] = useActionState<SettingsFormState, FormData>(change, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="flex flex-col gap-4" aria-label={t("changePassword")} noValidate>
      <Outcome state={state} />
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="currentPassword" label={t("currentPassword")} error={errors.currentPassword}>
        <Input
          {...fieldAria("currentPassword", { error: errors.currentPassword })}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
      </Field>
      <Field id="newPassword" label={t("newPassword")} hint={t("passwordHint")} error={errors.newPassword}>
        <Input
          {...fieldAria("newPassword", { hint: t("passwordHint"), error: errors.newPassword })}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
        />
      </Field>
      <p className="text-xs text-muted">{t("signsOutOthers")}</p>
      <SubmitButton pendingText={t("saving")} className="self-start">
        {t("changePassword")}
      </SubmitButton>
    </form>
  );
}

export function ChangeEmailForm({ change }: { change: SettingsAction }) {
  const t = useTranslations("AccountSettingsForms");
  const [state, action] = useActionState<SettingsFormState, FormData>(change, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="flex flex-col gap-4" aria-label={t("changeEmail")} noValidate>
      <Outcome state={state} />
      <Field id="email" label={t("newEmail")} error={errors.email}>
        <Input
          {...fieldAria("email", { error: errors.email })}
          name="email"
          type="email"
          autoComplete="email"
          required
        />
      </Field>
      <Field id="emailCurrentPassword" label={t("currentPassword")} error={errors.currentPassword}>
        <Input
          {...fieldAria("emailCurrentPassword", { error: errors.currentPassword })}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
      </Field>
      <SubmitButton pendingText={t("sending")} className="self-start">
        {t("sendConfirmation")}
      </SubmitButton>
    </form>
  );
}
