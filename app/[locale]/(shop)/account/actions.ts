"use server";

import { getLocale, getTranslations } from "next-intl/server";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { AuthError } from "next-auth";
import { z } from "zod";
import { headers } from "next/headers";
import { signIn, signOut } from "@/lib/auth/config";
import { ExpiredChallenge, InvalidSecondFactor, SecondFactorRequired, TooManyAttempts } from "@/lib/auth/credentials";
import { getCurrentUser } from "@/lib/auth/guards";
import { hashPassword, passwordProblemCode, type PasswordProblemCode } from "@/lib/auth/password";
import { safeNextPath } from "@/lib/auth/safe-redirect";
import { endAllSessions } from "@/lib/auth/sessions";
import { queueVerification } from "@/lib/account/verification";
import { SIGN_UP_ADDRESS, spendAttempt, tooManyAttemptsMessage } from "@/lib/auth/throttle";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { visitorKey } from "@/lib/security/client-address";
import { emailSchema } from "@/lib/validation/email";
import { nextInLanguage, passwordProblemText, pathInLanguage, tooManyAttemptsText } from "./words";

export type AuthFormState = { error?: string; fieldErrors?: Partial<Record<"email" | "password" | "name", string>>; email?: string };

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
    return { error: t("wrongCredentials"), email };
  }
  return {};
}

// Each field fails one way (the name: too long; the email: not an address), except the
// password, whose issue carries the rule's code; signUpAction words them.
const signUpSchema = z.object({
  name: z.string().trim().max(100).optional(),
  email: emailSchema,
  password: z.string().superRefine((value, ctx) => {
    const problem = passwordProblemCode(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

export async function signUpAction(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  expectActionInput(isForm(form));
  const parsed = signUpSchema.safeParse({
    name: String(form.get("name") ?? "") || undefined,
    email: String(form.get("email") ?? ""),
    password: String(form.get("password") ?? ""),
  });
  const email = String(form.get("email") ?? "");
  const t = await getTranslations("AccountMessages");
  if (!parsed.success) {
    const fieldErrors: AuthFormState["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as "email" | "password" | "name";
      fieldErrors[field] ??= field === "name" ? t("nameTooLong") : field === "email" ? t("emailInvalid") : passwordProblemText(t, issue.message as PasswordProblemCode);
    }
    return { fieldErrors, email };
  }
  // Every sign-up hashes a password (a few hundred ms of CPU and 128 MiB): limited per address.
  const wait = await spendAttempt(db, SIGN_UP_ADDRESS, visitorKey(await headers()));
  if (wait) return { fieldErrors: { email: tooManyAttemptsText(t, wait.retryAfterMs) }, email };
  const taken = { fieldErrors: { email: t("emailTaken") }, email };
  if (await db.user.findUnique({ where: { email: parsed.data.email } })) return taken;
  try {
    const passwordHash = await hashPassword(parsed.data.password);
    // The confirmation mail is queued with the account: guest orders join it once confirmed.
    await db.$transaction(async (tx) => {
      // The account keeps the language it was made in: its mails are written in it ([16]).
      const user = await tx.user.create({ data: { email: parsed.data.email, name: parsed.data.name, passwordHash, role: "customer", locale: await getLocale() } });
      await queueVerification(tx, user);
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return taken;
    throw error;
  }
  try {
    await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: await nextInLanguage(form.get("next")) });
  } catch (error) {
    // The account exists; only the automatic sign-in was refused (e.g. the address's sign-in limit).
    if (error instanceof TooManyAttempts) return { fieldErrors: { email: t("createdButThrottled", { wait: tooManyAttemptsText(t, error.retryAfterMs) }) }, email };
    throw error;
  }
  return {};
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: await pathInLanguage("/") });
}

/** Ends every session of the signed-in account, on every device (this one too). */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await getCurrentUser();
  if (user) await endAllSessions(db, user);
  await signOut({ redirectTo: user && user.role !== "customer" ? "/admin/sign-in?signedOut=everywhere" : await pathInLanguage("/account/sign-in") });
}

// The staff sign-in, in one or two steps: the password, then (for members with two-factor on) a
// code from the authenticator app or a recovery code. The password step answers with a sealed,
// short-lived challenge (lib/auth/credentials.ts) that the code step sends back; both steps are
// throttled there, per account and per address. Public like signInAction (it lives here, with
// the shop's sign-in, rather than under app/admin, whose actions all require staff).

export type StaffSignInState = { step: "password" | "code"; error?: string; email?: string; challenge?: string };

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
    if (codeStep) await signIn("credentials", { challenge, code: String(form.get("code") ?? "").slice(0, 100), redirectTo });
    else await signIn("credentials", { email, password: String(form.get("password") ?? "").slice(0, LIMIT), redirectTo });
  } catch (error) {
    // Success is a redirect (thrown); only Auth.js's own errors mean "could not sign in".
    if (!(error instanceof AuthError)) throw error;
    if (error instanceof SecondFactorRequired) return { step: "code", challenge: error.challenge, email };
    if (error instanceof TooManyAttempts) return { step: codeStep ? "code" : "password", challenge: codeStep ? challenge : undefined, email, error: tooManyAttemptsMessage(error.retryAfterMs) };
    if (error instanceof InvalidSecondFactor) return { step: "code", challenge, email, error: "That code does not match. Enter the current code from your app, or an unused recovery code." };
    if (error instanceof ExpiredChallenge) return { step: "password", email, error: "The sign-in took too long. Enter your password again." };
    return { step: "password", email, error: "That email and password do not match an account." };
  }
  return state;
}
