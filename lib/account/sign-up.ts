import "server-only";
import { ACCOUNT_MAIL_ACCOUNT, SIGN_UP_ADDRESS, accountKey, spendAttempt } from "@/lib/auth/throttle";
import type { DbClient } from "@/lib/db/create-client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import { queueMail } from "@/lib/mail/outbox";
import { normalizeEmail } from "@/lib/validation/email";
import { accountExistsMail } from "./account-mails";
import { queueVerification } from "./verification";

// Sign-up (docs/accounts.md "Sign-up and confirmation"). It asks for an address (and a name),
// never a password, and answers every address the same way ("check your inbox"): the mailbox,
// not the form, learns what happened. No session comes from it: the account is usable only
// once its address is confirmed from the mailed link, where the password is chosen.
// - a new address: an account without a password, and the confirmation mail;
// - an account not confirmed yet: a new confirmation link (the older ones end);
// - a confirmed customer account: its owner is told that someone tried, with the ways in;
// - a staff or disabled account: nothing (staff do not use the shop's sign-in).

export type SignUpOutcome = "created" | "link_sent_again" | "owner_told" | "nothing";

/** What the sign-up form answers: the same for every address; only the visitor's own limit shows. */
export type SignUpAnswer = { ok: true; email: string } | { ok: false; retryAfterMs: number };

/**
 * The sign-up form's request. Limited per visitor address (SIGN_UP_ADDRESS: one machine cannot
 * make accounts and mails without end; said openly, it tells nothing about the address typed),
 * and per target address (ACCOUNT_MAIL_ACCOUNT, shared with "forgot password": nobody can fill
 * a mailbox; not said, the answer stays the same and no mail goes out).
 */
export async function signUp(
  db: DbClient,
  input: { email: string; name?: string | null; locale: Locale },
  visitor: string,
  now = new Date(),
): Promise<SignUpAnswer> {
  const email = normalizeEmail(input.email);
  const wait = await spendAttempt(db, SIGN_UP_ADDRESS, visitor);
  if (wait) return { ok: false, retryAfterMs: wait.retryAfterMs };
  if (!(await spendAttempt(db, ACCOUNT_MAIL_ACCOUNT, accountKey(email))))
    await requestSignUp(db, { ...input, email }, now);
  return { ok: true, email };
}

export async function requestSignUp(
  db: DbClient,
  input: { email: string; name?: string | null; locale: Locale },
  now = new Date(),
): Promise<SignUpOutcome> {
  try {
    return await signUpIn(db, input, now);
  } catch (error) {
    // Two sign-ups with one address at once: the unique index kept one account; this one is
    // now a sign-up for an existing, unconfirmed account.
    if (!isUniqueViolation(error)) throw error;
    return signUpIn(db, input, now);
  }
}

function signUpIn(
  db: DbClient,
  input: { email: string; name?: string | null; locale: Locale },
  now: Date,
): Promise<SignUpOutcome> {
  const email = normalizeEmail(input.email);
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email } });
    if (!user) {
      // The account keeps the language it was made in: its mails are written in it.
      const created = await tx.user.create({
        data: { email, name: input.name || null, role: "customer", locale: input.locale },
      });
      await queueVerification(tx, created, email, now);
      return "created";
    }
    if (user.role !== "customer" || user.disabledAt) return "nothing";
    if (!user.emailVerifiedAt) {
      const updated = await tx.user.update({
        where: { id: user.id },
        data: { locale: input.locale, ...(input.name ? { name: input.name } : {}) },
      });
      await queueVerification(tx, updated, email, now);
      return "link_sent_again";
    }
    await queueMail(
      tx,
      { to: user.email, ...accountExistsMail(supportedLocale(user.locale)), kind: "account_exists" },
      now,
    );
    return "owner_told";
  });
}
