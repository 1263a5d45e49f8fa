"use server";

import type { ConfirmState, RecoveryFormState } from "@/components/shop/account/recovery-forms";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { requestPasswordReset, resetPassword } from "@/lib/account/password-reset";
import { confirmEmailChange, confirmSignUp, verifyLinkState, type ConfirmProblem } from "@/lib/account/verification";
import { AuthError } from "next-auth";
import { signIn } from "@/lib/auth/config";
import { BUSY, orBusy, passwordProblemCode } from "@/lib/auth/password";
import {
  ACCOUNT_MAIL_ACCOUNT,
  ACCOUNT_MAIL_ADDRESS,
  accountKey,
  SET_PASSWORD_ACCOUNT,
  SET_PASSWORD_ADDRESS,
  spendAttempt,
} from "@/lib/auth/throttle";
import { db } from "@/lib/db";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { visitorKey } from "@/lib/security/client-address";
import { emailSchema } from "@/lib/validation/email";
import { linkProblemText, passwordProblemText, pathInLanguage, tooManyAttemptsText, type AccountT } from "./words";

// Getting back into an account (docs/accounts.md): "forgot password", the mailed reset link,
// and the mailed confirmation of an address. Public: the link (with a password), not a session,
// is the proof.
// Every request that sends a mail is limited per visitor address and per account.

export async function forgotPasswordAction(_state: RecoveryFormState, form: FormData): Promise<RecoveryFormState> {
  expectActionInput(isForm(form));
  const typed = String(form.get("email") ?? "");
  const parsed = emailSchema.safeParse(typed);
  const t = await getTranslations("AccountMessages");
  if (!parsed.success) return { fieldErrors: { email: t("emailInvalid") }, email: typed };
  const wait =
    (await spendAttempt(db, ACCOUNT_MAIL_ADDRESS, visitorKey(await headers()))) ??
    (await spendAttempt(db, ACCOUNT_MAIL_ACCOUNT, accountKey(parsed.data)));
  if (wait) return { error: tooManyAttemptsText(t, wait.retryAfterMs), email: typed };
  await requestPasswordReset(db, parsed.data);
  // The same answer whether or not the address has an account.
  return { sent: true, email: parsed.data };
}

export async function resetPasswordAction(
  token: string,
  _state: RecoveryFormState,
  form: FormData,
): Promise<RecoveryFormState> {
  expectActionInput(isForm(form) && typeof token === "string");
  const password = String(form.get("password") ?? "");
  const t = await getTranslations("AccountMessages");
  const problem = passwordProblemCode(password);
  if (problem) return { fieldErrors: { password: passwordProblemText(t, problem) } };
  // Each attempt hashes a password: limited per visitor address.
  const wait = await spendAttempt(db, SET_PASSWORD_ADDRESS, visitorKey(await headers()));
  if (wait) return { error: tooManyAttemptsText(t, wait.retryAfterMs) };
  const result = await orBusy(() => resetPassword(db, token.slice(0, 100), password));
  if (result === BUSY) return { error: t("hashingBusy") };
  if (!result.ok) return { error: linkProblemText(t, "reset_password", result) };
  return redirectInLanguage(`/account/sign-in?reset=done&email=${encodeURIComponent(result.email)}`);
}

/**
 * The sign-up's confirmation link: the password chosen here, the address confirmed, earlier
 * sessions ended and guest orders joined (lib/account/verification.ts); then this browser
 * signs in.
 */
export async function confirmSignUpAction(token: string, _state: ConfirmState, form: FormData): Promise<ConfirmState> {
  expectActionInput(isForm(form) && typeof token === "string");
  const password = String(form.get("password") ?? "");
  const t = await getTranslations("AccountMessages");
  const problem = passwordProblemCode(password);
  if (problem) return { fieldErrors: { password: passwordProblemText(t, problem) } };
  // Only a link that fails counts against the visitor's address (checked here without spending):
  // buyers behind one address each confirm their own account.
  const address = visitorKey(await headers());
  const blocked = await spendAttempt(db, SET_PASSWORD_ADDRESS, address, 0);
  if (blocked) return { error: tooManyAttemptsText(t, blocked.retryAfterMs) };
  const result = await orBusy(() => confirmSignUp(db, token.slice(0, 100), password));
  if (result === BUSY) return { error: t("hashingBusy") };
  if (!result.ok) {
    const wait = await spendAttempt(db, SET_PASSWORD_ADDRESS, address);
    return { error: wait ? tooManyAttemptsText(t, wait.retryAfterMs) : confirmProblemText(t, result) };
  }
  return signInConfirmed(result.email, password, `/account?confirmed=${result.ordersJoined}`);
}

/** A change of address's link: with the account's password (lib/account/verification.ts); then this browser signs in. */
export async function confirmEmailChangeAction(
  token: string,
  _state: ConfirmState,
  form: FormData,
): Promise<ConfirmState> {
  expectActionInput(isForm(form) && typeof token === "string");
  const password = String(form.get("password") ?? "").slice(0, 500);
  const t = await getTranslations("AccountMessages");
  const address = visitorKey(await headers());
  const blocked = await spendAttempt(db, SET_PASSWORD_ADDRESS, address, 0);
  if (blocked) return { error: tooManyAttemptsText(t, blocked.retryAfterMs) };
  const state = await verifyLinkState(db, token.slice(0, 100));
  if (!state.ok) {
    const wait = await spendAttempt(db, SET_PASSWORD_ADDRESS, address);
    return { error: wait ? tooManyAttemptsText(t, wait.retryAfterMs) : linkProblemText(t, "verify_email", state) };
  }
  // A check of the account's password: every attempt counts per account, like the settings
  // forms; a wrong one counts per visitor address too.
  const wait = await spendAttempt(db, SET_PASSWORD_ACCOUNT, state.userId);
  if (wait) return { error: tooManyAttemptsText(t, wait.retryAfterMs) };
  const result = await orBusy(() => confirmEmailChange(db, token.slice(0, 100), password));
  if (result === BUSY) return { error: t("hashingBusy") };
  if (!result.ok) {
    const addressWait = await spendAttempt(db, SET_PASSWORD_ADDRESS, address);
    if (addressWait) return { error: tooManyAttemptsText(t, addressWait.retryAfterMs) };
    if (result.code === "WRONG_PASSWORD") return { fieldErrors: { password: t("wrongAccountPassword") } };
    return { error: confirmProblemText(t, result) };
  }
  return signInConfirmed(result.email, password, `/account?moved=1&confirmed=${result.ordersJoined}`);
}

function confirmProblemText(t: AccountT, problem: ConfirmProblem): string {
  if (problem.code === "WRONG_PASSWORD") return t("wrongAccountPassword");
  if (problem.code !== "TAKEN") return linkProblemText(t, "verify_email", problem);
  return problem.email ? t("confirmTakenNamed", { email: problem.email }) : t("confirmTaken");
}

/** Every earlier session ended with the confirmation: this browser signs in afresh. */
async function signInConfirmed(email: string, password: string, to: string): Promise<ConfirmState> {
  try {
    await signIn("credentials", { email, password, redirectTo: await pathInLanguage(to) });
  } catch (error) {
    // Success is a redirect (thrown). A refused sign-in (the account's sign-in limit) leaves the
    // confirmation done: the buyer signs in with the password.
    if (error instanceof AuthError) return redirectInLanguage("/account/sign-in?next=/account");
    throw error;
  }
  return redirectInLanguage(to);
}
