"use server";

import { getLocale, getTranslations } from "next-intl/server";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { AuthError } from "next-auth";
import { z } from "zod";
import { headers } from "next/headers";
import { signIn, signOut } from "@/lib/auth/config";
import {
  EmailNotConfirmed,
  ExpiredChallenge,
  InvalidSecondFactor,
  SecondFactorRequired,
  SignInBusy,
  TooManyAttempts,
} from "@/lib/auth/credentials";
import type { AuthFormState } from "@/components/shop/account/auth-forms";
import type { StaffSignInState } from "@/components/admin/security/staff-sign-in-form";
import { getCurrentSession, getCurrentUser } from "@/lib/auth/guards";
import { safeNextPath } from "@/lib/auth/safe-redirect";
import { endAllSessions, endSession } from "@/lib/auth/sessions";
import { requestSignUp, signUp } from "@/lib/account/sign-up";
import { ACCOUNT_MAIL_ACCOUNT, accountKey, spendAttempt, tooManyAttemptsMessage } from "@/lib/auth/throttle";
import { db } from "@/lib/db";
import { supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import { visitorKey } from "@/lib/security/client-address";
import { emailSchema } from "@/lib/validation/email";
import { nextInLanguage, pathInLanguage, tooManyAttemptsText } from "./words";

export async function signInAction(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  expectActionInput(isForm(form));
  const email = String(form.get("email") ?? "");
  try {
    await signIn("credentials", {
      email,
      password: String(form.get("password") ?? ""),
      // Back to the page the buyer came from, in their language ("/es/account").
      redirectTo: await nextInLanguage(form.get("next")),
    });
  } catch (error) {
    // Success is a redirect (thrown); only Auth.js's own errors mean "could not sign in".
    if (!(error instanceof AuthError)) throw error;
    const t = await getTranslations("AccountMessages");
    if (error instanceof TooManyAttempts) return { error: tooManyAttemptsText(t, error.retryAfterMs), email };
    if (error instanceof SecondFactorRequired) return { error: t("staffTwoFactor"), email };
    if (error instanceof SignInBusy) return { error: t("hashingBusy"), email };
    if (error instanceof EmailNotConfirmed) {
      // Only someone who gave the password reads this: a new link goes to the mailbox, within
      // the address's mail limit.
      const parsed = emailSchema.safeParse(email);
      if (parsed.success && !(await spendAttempt(db, ACCOUNT_MAIL_ACCOUNT, accountKey(parsed.data)))) {
        await requestSignUp(db, { email: parsed.data, locale: supportedLocale(await getLocale()) });
      }
      return { error: t("confirmFirst", { email }), email };
    }
    return { error: t("wrongCredentials"), email };
  }
  return {};
}

const signUpSchema = z.object({ name: z.string().trim().max(100).optional(), email: emailSchema });

/**
 * Sign-up: the address (and a name), no password. The answer is the same for every address,
 * new, unconfirmed or with an account, and when the address's mail limit is reached: "check
 * your inbox" (lib/account/sign-up.ts says what each gets by mail).
 */
export async function signUpAction(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  expectActionInput(isForm(form));
  const parsed = signUpSchema.safeParse({
    name: String(form.get("name") ?? "") || undefined,
    email: String(form.get("email") ?? ""),
  });
  const email = String(form.get("email") ?? "");
  const t = await getTranslations("AccountMessages");
  if (!parsed.success) {
    const fieldErrors: AuthFormState["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as "email" | "name";
      fieldErrors[field] ??= field === "name" ? t("nameTooLong") : t("emailInvalid");
    }
    return { fieldErrors, email };
  }
  const answer = await signUp(
    db,
    { email: parsed.data.email, name: parsed.data.name, locale: supportedLocale(await getLocale()) },
    visitorKey(await headers()),
  );
  if (!answer.ok) return { fieldErrors: { email: tooManyAttemptsText(t, answer.retryAfterMs) }, email };
  return { sent: true, email: answer.email };
}

/** Ends this browser's session, on the server too: a copy of its cookie no longer signs in. */
export async function signOutAction(): Promise<void> {
  const current = await getCurrentSession();
  if (current) await endSession(db, current.user, current.claims);
  await signOut({ redirectTo: await pathInLanguage("/") });
}

/** Ends every session of the signed-in account, on every device (this one too). */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await getCurrentUser();
  if (user) await endAllSessions(db, user);
  await signOut({
    redirectTo:
      user && user.role !== "customer"
        ? "/admin/sign-in?signedOut=everywhere"
        : await pathInLanguage("/account/sign-in"),
  });
}

// The staff sign-in, in one or two steps: the password, then (for members with two-factor on) a
// code from the authenticator app or a recovery code. The password step answers with a sealed,
// short-lived challenge (lib/auth/credentials.ts) that the code step sends back; both steps are
// throttled there, per account and per address. Public like signInAction (it lives here, with
// the shop's sign-in, rather than under app/admin, whose actions all require staff).

const LIMIT = 500;

function adminNext(raw: FormDataEntryValue | null): string {
  const next = safeNextPath(raw);
  return next.startsWith("/admin") ? next : "/admin";
}

export async function staffSignInAction(state: StaffSignInState, form: FormData): Promise<StaffSignInState> {
  expectActionInput(isForm(form));
  if (!(form instanceof FormData)) return { step: "password", error: "The form was incomplete; reload the page." };
  const redirectTo = adminNext(form.get("next"));
  const challenge = String(form.get("challenge") ?? "").slice(0, LIMIT);
  const email = String(form.get("email") ?? "").slice(0, LIMIT);
  const codeStep = challenge !== "";
  try {
    if (codeStep)
      await signIn("credentials", { challenge, code: String(form.get("code") ?? "").slice(0, 100), redirectTo });
    else
      await signIn("credentials", { email, password: String(form.get("password") ?? "").slice(0, LIMIT), redirectTo });
  } catch (error) {
    // Success is a redirect (thrown); only Auth.js's own errors mean "could not sign in".
    if (!(error instanceof AuthError)) throw error;
    if (error instanceof SecondFactorRequired) return { step: "code", challenge: error.challenge, email };
    if (error instanceof SignInBusy)
      return {
        step: codeStep ? "code" : "password",
        challenge: codeStep ? challenge : undefined,
        email,
        error: error.message,
      };
    if (error instanceof TooManyAttempts)
      return {
        step: codeStep ? "code" : "password",
        challenge: codeStep ? challenge : undefined,
        email,
        error: tooManyAttemptsMessage(error.retryAfterMs),
      };
    if (error instanceof InvalidSecondFactor)
      return {
        step: "code",
        challenge,
        email,
        error: "That code does not match. Enter the current code from your app, or an unused recovery code.",
      };
    if (error instanceof ExpiredChallenge)
      return { step: "password", email, error: "The sign-in took too long. Enter your password again." };
    return { step: "password", email, error: "That email and password do not match an account." };
  }
  return state;
}
