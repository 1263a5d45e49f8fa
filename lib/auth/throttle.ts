import { createHash } from "node:crypto";
import type { DbClient } from "@/lib/db/create-client";
import { consume, reset, type LimitRule } from "@/lib/security/rate-limit";
import { normalizeEmail } from "@/lib/validation/email";

// The limits on everything that checks a password or a second factor (docs/security.md). Each limit
// is a ladder of tiers, so the wait grows the longer an attack goes on; every tier counts in the
// shared RateLimit table (lib/security/rate-limit.ts), so all instances share the counters.
//
// Attempts are counted before the password is checked (an atomic increment), so parallel
// attempts cannot slip past the limit, and a refused attempt costs no hash. A refusal answers
// the same for the right password as for a wrong one: during a lockout nobody signs in.
// - Per account (the email, hashed, whether or not an account exists): 5 attempts, then 1
//   minute; 10 within an hour, then 15 minutes; 20 within a day, then 2 hours. A successful
//   sign-in clears the account's counters (its owner is back; the attacker gained nothing).
// - Per visitor address (lib/security/client-address.ts): 20 password checks within 10
//   minutes, then 10 minutes; 100 within a day, then an hour. Counted only for attempts that
//   reach the password check (an account already locked does not spend its address's budget),
//   and given back when the sign-in succeeds, so staff behind one office address are not
//   locked out by their own successful sign-ins.
// - Second factor, per account: 5 codes, then 5 minutes; 10 within an hour, then an hour.
// - Sign-up per address: 30 within 10 minutes, then 10 minutes; 200 within a day, then an hour.
// - Set-password links: per address 10 failed links within 15 minutes, then 15 minutes; per
//   account 5 attempts within 15 minutes, then 15 minutes.

const tier = (name: string, points: number, durationSeconds: number, blockSeconds: number): LimitRule => ({
  name,
  points,
  durationSeconds,
  blockSeconds,
});
const MIN = 60;
const HOUR = 3_600;
const DAY = 86_400;

export const SIGN_IN_ACCOUNT = [
  tier("signin:account:1", 5, 15 * MIN, MIN),
  tier("signin:account:2", 10, HOUR, 15 * MIN),
  tier("signin:account:3", 20, DAY, 2 * HOUR),
];
export const SIGN_IN_ADDRESS = [
  tier("signin:address:1", 20, 10 * MIN, 10 * MIN),
  tier("signin:address:2", 100, DAY, HOUR),
];
export const SECOND_FACTOR = [tier("signin:2fa:1", 5, 15 * MIN, 5 * MIN), tier("signin:2fa:2", 10, HOUR, HOUR)];
export const SIGN_UP_ADDRESS = [
  tier("signup:address:1", 30, 10 * MIN, 10 * MIN),
  tier("signup:address:2", 200, DAY, HOUR),
];
export const SET_PASSWORD_ADDRESS = [tier("setpw:address:1", 10, 15 * MIN, 15 * MIN)];
export const SET_PASSWORD_ACCOUNT = [tier("setpw:account:1", 5, 15 * MIN, 15 * MIN)];
/** Mailed account links and notices (sign-up, verification, "forgot password", change of email): each sends a mail. */
export const ACCOUNT_MAIL_ADDRESS = [
  tier("accountmail:address:1", 10, 15 * MIN, 15 * MIN),
  tier("accountmail:address:2", 50, DAY, HOUR),
];
export const ACCOUNT_MAIL_ACCOUNT = [
  tier("accountmail:account:1", 3, 15 * MIN, 15 * MIN),
  tier("accountmail:account:2", 10, DAY, HOUR),
];

/** An email as a counter key: the RateLimit table holds no addresses in the clear. */
export function accountKey(email: string): string {
  return createHash("sha256").update(normalizeEmail(email)).digest("base64url").slice(0, 32);
}

export type Throttled = { retryAfterMs: number };

/**
 * Spends one attempt of `key` on every tier; the longest wait when any tier refuses, else null.
 * Every tier is charged even when one refuses (an attacker who keeps going keeps counting).
 */
export async function spendAttempt(db: DbClient, tiers: LimitRule[], key: string, cost = 1): Promise<Throttled | null> {
  const verdicts = await Promise.all(tiers.map((rule) => consume(db, rule, key, cost)));
  const waits = verdicts.flatMap((v) => (v.allowed ? [] : [v.retryAfterMs]));
  return waits.length > 0 ? { retryAfterMs: Math.max(...waits) } : null;
}

/** Gives one attempt back on every tier (a sign-in that succeeded from this address). */
export async function refundAttempt(db: DbClient, tiers: LimitRule[], key: string): Promise<void> {
  await Promise.all(tiers.map((rule) => consume(db, rule, key, -1)));
}

/** Clears `key` on every tier (the account's owner signed in). */
export async function clearAttempts(db: DbClient, tiers: LimitRule[], key: string): Promise<void> {
  await Promise.all(tiers.map((rule) => reset(db, rule, key)));
}

/** The wait a refusal names, rounded up: whole minutes up to an hour, then whole hours. */
export function retryWait(retryAfterMs: number): { minutes: number } | { hours: number } {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return minutes <= 60 ? { minutes } : { hours: Math.ceil(minutes / 60) };
}

/**
 * "Too many attempts. Try again in 3 minutes." (or "in 2 hours") — the one message every refusal
 * shows, in English (staff forms); buyer forms word retryWait in the buyer's language.
 */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const wait = retryWait(retryAfterMs);
  if ("minutes" in wait)
    return `Too many attempts. Try again in ${wait.minutes} minute${wait.minutes === 1 ? "" : "s"}.`;
  return `Too many attempts. Try again in ${wait.hours} hours.`;
}
