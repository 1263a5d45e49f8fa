"use server";

import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { requestPasswordReset, resetPassword } from "@/lib/account/password-reset";
import { confirmEmail, queueVerification } from "@/lib/account/verification";
import { getCurrentUser } from "@/lib/auth/guards";
import { passwordProblemCode } from "@/lib/auth/password";
import { ACCOUNT_MAIL_ACCOUNT, ACCOUNT_MAIL_ADDRESS, accountKey, SET_PASSWORD_ADDRESS, spendAttempt } from "@/lib/auth/throttle";
import { db } from "@/lib/db";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { visitorKey } from "@/lib/security/client-address";
import { emailSchema } from "@/lib/validation/email";
import { linkProblemText, passwordProblemText, tooManyAttemptsText } from "./words";

// Getting back into an account (docs/accounts.md): "forgot password", the mailed reset link,
// and the mailed confirmation of an address. Public: the link, not a session, is the proof.
// Every request that sends a mail is limited per visitor address and per account.

export type RecoveryFormState = { sent?: boolean; error?: string; fieldErrors?: Partial<Record<"email" | "password", string>>; email?: string };

export async function forgotPasswordAction(_state: RecoveryFormState, form: FormData): Promise<RecoveryFormState> {
  expectActionInput(isForm(form));
  const typed = String(form.get("email") ?? "");
  const parsed = emailSchema.safeParse(typed);
  const t = await getTranslations("AccountMessages");
  if (!parsed.success) return { fieldErrors: { email: t("emailInvalid") }, email: typed };
  const wait = (await spendAttempt(db, ACCOUNT_MAIL_ADDRESS, visitorKey(await headers()))) ?? (await spendAttempt(db, ACCOUNT_MAIL_ACCOUNT, accountKey(parsed.data)));
  if (wait) return { error: tooManyAttemptsText(t, wait.retryAfterMs), email: typed };
  await requestPasswordReset(db, parsed.data);
  // The same answer whether or not the address has an account.
  return { sent: true, email: parsed.data };
}

export async function resetPasswordAction(token: string, _state: RecoveryFormState, form: FormData): Promise<RecoveryFormState> {
  expectActionInput(isForm(form) && typeof token === "string");
  const password = String(form.get("password") ?? "");
  const t = await getTranslations("AccountMessages");
  const problem = passwordProblemCode(password);
  if (problem) return { fieldErrors: { password: passwordProblemText(t, problem) } };
  // Each attempt hashes a password: limited per visitor address.
  const wait = await spendAttempt(db, SET_PASSWORD_ADDRESS, visitorKey(await headers()));
  if (wait) return { error: tooManyAttemptsText(t, wait.retryAfterMs) };
  const result = await resetPassword(db, token.slice(0, 100), password);
  if (!result.ok) return { error: linkProblemText(t, "reset_password", result) };
  return redirectInLanguage(`/account/sign-in?reset=done&email=${encodeURIComponent(result.email)}`);
}

export type ConfirmState = { done?: { email: string; changed: boolean; ordersJoined: number }; error?: string };

export async function confirmEmailAction(token: string, _state: ConfirmState, form: FormData): Promise<ConfirmState> {
  expectActionInput(isForm(form) && typeof token === "string");
  const result = await confirmEmail(db, token.slice(0, 100));
  if (!result.ok) {
    const t = await getTranslations("AccountMessages");
    if (result.code !== "TAKEN") return { error: linkProblemText(t, "verify_email", result) };
    return { error: result.email ? t("confirmTakenNamed", { email: result.email }) : t("confirmTaken") };
  }
  return { done: { email: result.email, changed: result.changed, ordersJoined: result.ordersJoined } };
}

export type ResendState = { sent?: boolean; error?: string };

/** "Send the link again" for the signed-in customer's unconfirmed address. */
export async function resendVerificationAction(_state: ResendState, form: FormData): Promise<ResendState> {
  expectActionInput(isForm(form));
  const current = await getCurrentUser();
  if (!current) return redirectInLanguage("/account/sign-in?next=/account");
  const user = await db.user.findUnique({ where: { id: current.id } });
  if (!user || user.role !== "customer" || user.emailVerifiedAt) return { sent: false };
  const wait = await spendAttempt(db, ACCOUNT_MAIL_ACCOUNT, accountKey(user.email));
  if (wait) return { error: tooManyAttemptsText(await getTranslations("AccountMessages"), wait.retryAfterMs) };
  await db.$transaction((tx) => queueVerification(tx, user));
  return { sent: true };
}

