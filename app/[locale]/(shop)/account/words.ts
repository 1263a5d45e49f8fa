import "server-only";
import { getLocale, type getTranslations } from "next-intl/server";
import type { PasswordProblemCode } from "@/lib/auth/password";
import { retryWait } from "@/lib/auth/throttle";
import { safeNextPath } from "@/lib/auth/safe-redirect";
import { localizedPath, splitLocale, supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import type { LinkProblem } from "@/lib/account/email-links";

// What the account's server actions and pages tell a buyer, in the buyer's language: the
// rules live in lib/ (throttle, password, links) and answer with codes; the words are here.

export type AccountT = Awaited<ReturnType<typeof getTranslations<"AccountMessages">>>;

/** "Too many attempts. Try again in 3 minutes." in the buyer's language. */
export function tooManyAttemptsText(t: AccountT, retryAfterMs: number): string {
  const wait = retryWait(retryAfterMs);
  return "minutes" in wait ? t("tooManyMinutes", wait) : t("tooManyHours", wait);
}

export function passwordProblemText(t: AccountT, code: PasswordProblemCode): string {
  return t(code === "TOO_SHORT" ? "passwordTooShort" : "passwordTooLong");
}

/** Why a mailed link (reset, confirmation) cannot be used. */
export function linkProblemText(
  t: AccountT,
  purpose: "reset_password" | "verify_email",
  problem: Pick<LinkProblem, "code">,
): string {
  return t(`linkProblems.${purpose}.${problem.code}`);
}

/**
 * A `next` path ("/account", from a sign-in link) as the page in the buyer's language
 * ("/es/account"), for Auth.js's redirect after signing in, which knows no languages. A path that
 * already names a language is read without it: the buyer's current language wins.
 */
export async function nextInLanguage(raw: unknown): Promise<string> {
  return pathInLanguage(safeNextPath(raw));
}

/** A shop path in the language of the request (the page's, or the action's). */
export async function pathInLanguage(path: string): Promise<string> {
  const locale = await getLocale();
  return localizedPath(splitLocale(path).path, supportedLocale(locale));
}
