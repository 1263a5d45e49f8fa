import "server-only";
// The class next-auth re-exports, from its own module: "next-auth" itself loads Next.js, which
// the integration tests do not.
import { CredentialsSignin } from "@auth/core/errors";
import { z } from "zod";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import type { DbClient } from "@/lib/db/create-client";
import type { Role } from "@/lib/db/generated/sqlite/enums";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { visitorKey } from "@/lib/security/client-address";
import { emailSchema } from "@/lib/validation/email";
import { PasswordHashingBusy, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./password";
import {
  SECOND_FACTOR,
  SIGN_IN_ACCOUNT,
  SIGN_IN_ADDRESS,
  accountKey,
  clearAttempts,
  refundAttempt,
  spendAttempt,
  tooManyAttemptsMessage,
} from "./throttle";
import { codeKind, verifySecondFactor } from "./totp";

// The credentials check behind Auth.js's Credentials provider (lib/auth/config.ts), for the
// sign-in form and for anyone posting to /api/auth/callback/credentials directly.
// 1. Throttled before any hash runs (lib/auth/throttle.ts): a refused attempt answers "too
//    many attempts" whether or not the password is right.
// 2. The same scrypt work for an unknown email, an account without a password and a real one,
//    and the same answer: neither the time nor the message tells which emails have accounts.
// 3. A hash made with older parameters is replaced on the first successful sign-in.
// 4. A customer account whose address is not confirmed gets no session, even with the right
//    password (sign-up sets no password: the confirmation does).
// 5. Staff with two-factor on get no session from the password alone: the answer is a sealed,
//    5-minute "challenge" naming the account and its session version, which the second step
//    posts back with a code (throttled per account; lib/auth/totp.ts).

export type SignedInUser = { id: string; email: string; name: string | null; role: Role; sessionVersion: number };

export class InvalidLogin extends CredentialsSignin {
  code = "invalid_login";
}

/** Refused by the throttle; `message` is what the form shows. */
export class TooManyAttempts extends CredentialsSignin {
  code = "too_many_attempts";
  constructor(readonly retryAfterMs: number) {
    super(tooManyAttemptsMessage(retryAfterMs));
  }
}

/** The password was right; the account needs its second factor. `challenge` goes back with the code. */
export class SecondFactorRequired extends CredentialsSignin {
  code = "second_factor_required";
  constructor(readonly challenge: string) {
    super("Enter the code from your authenticator app.");
  }
}

/** Too many passwords are being checked at once (lib/auth/password.ts); nothing was checked or counted: try again shortly. */
export class SignInBusy extends CredentialsSignin {
  code = "busy";
  constructor() {
    super(new PasswordHashingBusy().message);
  }
}

/**
 * The password was right, but the customer account's address was never confirmed: it holds no
 * session (docs/accounts.md). Told only to someone who gave the password.
 */
export class EmailNotConfirmed extends CredentialsSignin {
  code = "email_not_confirmed";
}

export class InvalidSecondFactor extends CredentialsSignin {
  code = "invalid_code";
}

/** The challenge is unreadable, expired, or the account changed since (start again with the password). */
export class ExpiredChallenge extends CredentialsSignin {
  code = "challenge_expired";
}

const CHALLENGE_LIFETIME_MS = 5 * 60_000;
const passwordStep = z.object({ email: emailSchema, password: z.string().min(1).max(200) });
const codeStep = z.object({ challenge: z.string().min(1).max(500), code: z.string().trim().min(1).max(40) });
const challengeBody = z.object({ u: z.string(), v: z.number().int(), e: z.number() });

function sealChallenge(user: { id: string; sessionVersion: number }, now: Date): string {
  return sealSecret(
    JSON.stringify({ u: user.id, v: user.sessionVersion, e: now.getTime() + CHALLENGE_LIFETIME_MS }),
    env.APP_ENCRYPTION_KEY,
  );
}

function openChallenge(sealed: string, now: Date): { userId: string; sessionVersion: number } | null {
  try {
    const body = challengeBody.parse(JSON.parse(openSecret(sealed, env.APP_ENCRYPTION_KEY)));
    return body.e > now.getTime() ? { userId: body.u, sessionVersion: body.v } : null;
  } catch {
    return null;
  }
}

const signedIn = (u: SignedInUser): SignedInUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  sessionVersion: u.sessionVersion,
});

export type CredentialsDeps = { verify: typeof verifyPassword; dummy: typeof verifyAgainstDummy };
const realDeps: CredentialsDeps = { verify: verifyPassword, dummy: verifyAgainstDummy };

/**
 * Auth.js `authorize`: the signed-in user, or one of the errors above (thrown). Every attempt
 * leaves one security log line (ASVS 16.3.1): the step, the outcome, the visitor's network and,
 * once known, the account id; never the email typed, so the logs cannot list who has an account.
 */
export async function authorizeCredentials(
  db: DbClient,
  raw: Partial<Record<string, unknown>>,
  headers: Headers,
  now = new Date(),
  deps: CredentialsDeps = realDeps,
): Promise<SignedInUser> {
  const step = raw.challenge !== undefined && raw.challenge !== "" ? "code" : "password";
  const address = visitorKey(headers);
  try {
    const user = await checkCredentials(db, raw, headers, now, deps);
    logger.info(
      { event: "sign_in", step, outcome: "signed_in", userId: user.id, role: user.role, address },
      "sign-in: signed_in",
    );
    return user;
  } catch (error) {
    if (!(error instanceof CredentialsSignin)) {
      logger.error({ event: "sign_in", step, outcome: "error", address, err: error }, "sign-in: error");
    } else {
      logger.info({ event: "sign_in", step, outcome: error.code, address }, `sign-in: ${error.code}`);
    }
    throw error;
  }
}

async function checkCredentials(
  db: DbClient,
  raw: Partial<Record<string, unknown>>,
  headers: Headers,
  now: Date,
  deps: CredentialsDeps,
): Promise<SignedInUser> {
  if (raw.challenge !== undefined && raw.challenge !== "") return secondStep(db, raw, now);
  const parsed = passwordStep.safeParse(raw);
  if (!parsed.success) throw new InvalidLogin();
  const { email, password } = parsed.data;

  const account = accountKey(email);
  const accountWait = await spendAttempt(db, SIGN_IN_ACCOUNT, account);
  if (accountWait) throw new TooManyAttempts(accountWait.retryAfterMs);
  const address = visitorKey(headers);
  const addressWait = await spendAttempt(db, SIGN_IN_ADDRESS, address);
  if (addressWait) throw new TooManyAttempts(addressWait.retryAfterMs);

  const user = await db.user.findUnique({ where: { email } });
  let ok: boolean;
  try {
    ok = user?.passwordHash ? await deps.verify(password, user.passwordHash) : await deps.dummy(password);
  } catch (error) {
    if (!(error instanceof PasswordHashingBusy)) throw error;
    // The password was never checked: the attempt does not count against the visitor or the account.
    await Promise.all([refundAttempt(db, SIGN_IN_ACCOUNT, account), refundAttempt(db, SIGN_IN_ADDRESS, address)]);
    throw new SignInBusy();
  }
  if (!ok || !user?.passwordHash || user.disabledAt) throw new InvalidLogin();

  await refundAttempt(db, SIGN_IN_ADDRESS, address);
  if (user.role === "customer" && !user.emailVerifiedAt) throw new EmailNotConfirmed();
  if (needsRehash(user.passwordHash)) {
    // Only if nobody changed the password meanwhile; when hashing is busy, a later sign-in does it.
    const fresh = await hashPassword(password).catch((error: unknown) => {
      if (error instanceof PasswordHashingBusy) return null;
      throw error;
    });
    if (fresh)
      await db.user.updateMany({
        where: { id: user.id, passwordHash: user.passwordHash },
        data: { passwordHash: fresh },
      });
  }
  if (user.role !== "customer" && user.totpEnabledAt) throw new SecondFactorRequired(sealChallenge(user, now));
  await clearAttempts(db, SIGN_IN_ACCOUNT, account);
  return signedIn(user);
}

async function secondStep(db: DbClient, raw: Partial<Record<string, unknown>>, now: Date): Promise<SignedInUser> {
  const parsed = codeStep.safeParse(raw);
  if (!parsed.success) throw new InvalidSecondFactor();
  const challenge = openChallenge(parsed.data.challenge, now);
  if (!challenge) throw new ExpiredChallenge();
  const wait = await spendAttempt(db, SECOND_FACTOR, challenge.userId);
  if (wait) throw new TooManyAttempts(wait.retryAfterMs);
  const user = await db.user.findUnique({ where: { id: challenge.userId } });
  // A password change, "sign out everywhere" or a disabled account since the password step voids the challenge.
  if (!user || user.disabledAt || user.sessionVersion !== challenge.sessionVersion || !user.totpEnabledAt)
    throw new ExpiredChallenge();
  if (!codeKind(parsed.data.code) || !(await verifySecondFactor(db, user.id, parsed.data.code, now)).ok)
    throw new InvalidSecondFactor();
  await Promise.all([
    clearAttempts(db, SECOND_FACTOR, user.id),
    clearAttempts(db, SIGN_IN_ACCOUNT, accountKey(user.email)),
  ]);
  return signedIn(user);
}
