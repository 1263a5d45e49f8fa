"use server";

import type { SettingsFormState } from "@/components/shop/account/settings-forms";
import { getTranslations } from "next-intl/server";
import { AuthError } from "next-auth";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { changePassword, requestEmailChange, type SettingsProblemCode } from "@/lib/account/settings";
import { signIn } from "@/lib/auth/config";
import { requireUser } from "@/lib/auth/guards";
import { BUSY, orBusy, passwordProblemCode } from "@/lib/auth/password";
import { ACCOUNT_MAIL_ACCOUNT, accountKey, SET_PASSWORD_ACCOUNT, spendAttempt } from "@/lib/auth/throttle";
import { db } from "@/lib/db";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { emailSchema } from "@/lib/validation/email";
import { passwordProblemText, pathInLanguage, tooManyAttemptsText, type AccountT } from "../words";

// A signed-in customer's settings (docs/accounts.md). Both changes ask for the current
// password, whose checks are limited per account like sign-in.

export async function changePasswordAction(_state: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  expectActionInput(isForm(form));
  const user = await requireUser("/account/settings");
  const current = String(form.get("currentPassword") ?? "");
  const next = String(form.get("newPassword") ?? "");
  const t = await getTranslations("AccountMessages");
  const problem = passwordProblemCode(next);
  if (problem) return { fieldErrors: { newPassword: passwordProblemText(t, problem) } };
  const wait = await spendAttempt(db, SET_PASSWORD_ACCOUNT, user.id);
  if (wait) return { error: tooManyAttemptsText(t, wait.retryAfterMs) };
  const result = await orBusy(() => changePassword(db, user.id, current, next));
  if (result === BUSY) return { error: t("hashingBusy") };
  if (!result.ok) return { fieldErrors: { [result.field]: settingsProblemText(t, result.code) } };
  // Every session ended with the old password, this one too: sign this browser in again.
  try {
    await signIn("credentials", {
      email: user.email,
      password: next,
      redirectTo: await pathInLanguage("/account/settings?changed=password"),
    });
  } catch (error) {
    // Success is a redirect (thrown). If this sign-in is refused (the account's sign-in limit),
    // the password is changed all the same: the buyer signs in with it.
    if (error instanceof AuthError) return redirectInLanguage("/account/sign-in?next=/account/settings");
    throw error;
  }
  return redirectInLanguage("/account/settings?changed=password");
}

export async function changeEmailAction(_state: SettingsFormState, form: FormData): Promise<SettingsFormState> {
  expectActionInput(isForm(form));
  const user = await requireUser("/account/settings");
  const parsed = emailSchema.safeParse(String(form.get("email") ?? ""));
  const t = await getTranslations("AccountMessages");
  if (!parsed.success) return { fieldErrors: { email: t("emailInvalid") } };
  const wait =
    (await spendAttempt(db, SET_PASSWORD_ACCOUNT, user.id)) ??
    (await spendAttempt(db, ACCOUNT_MAIL_ACCOUNT, accountKey(parsed.data)));
  if (wait) return { error: tooManyAttemptsText(t, wait.retryAfterMs) };
  const result = await orBusy(() =>
    requestEmailChange(db, user.id, String(form.get("currentPassword") ?? ""), parsed.data),
  );
  if (result === BUSY) return { error: t("hashingBusy") };
  if (!result.ok) return { fieldErrors: { [result.field]: settingsProblemText(t, result.code) } };
  return { message: t("emailChangeSent", { email: parsed.data, current: user.email }) };
}

function settingsProblemText(t: AccountT, code: SettingsProblemCode): string {
  return t(code === "WRONG_PASSWORD" ? "wrongCurrentPassword" : "sameEmail");
}
