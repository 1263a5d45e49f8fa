import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { recordAudit } from "@/lib/audit/record";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import type { DbClient } from "@/lib/db/create-client";
import { isUniqueViolation } from "@/lib/db/errors";
import { readSetting } from "@/lib/db/settings";
import { env } from "@/lib/env";
import { SHOP_NAME } from "@/lib/products";

// Two-factor sign-in for staff (docs/admin.md "Two-factor sign-in"): a TOTP
// authenticator app (RFC 6238: 6 digits, 30 s, SHA-1, what every app scans) and ten one-time
// recovery codes. The TOTP secret is sealed at rest (lib/crypto/secret-box.ts) and written to
// the user row when enrolment starts; it counts only once a code from the app confirmed it
// (`totpEnabledAt`). Recovery codes are stored as SHA-256 hashes (80 random bits each: a fast
// hash is enough) and are shown once. A code is accepted once: the time step it matched is
// claimed in the Setting table (a unique key), so a code seen over a shoulder cannot be replayed.
// An admin can require two-factor for all staff (`REQUIRE_STAFF_TOTP`): staff without it are
// sent to the enrolment page before anything else in the dashboard (lib/auth/guards.ts).

type Actor = { id: string; email: string };
type Db = DbClient;

export const REQUIRE_STAFF_TOTP = "security.require_staff_totp";
export const RECOVERY_CODE_COUNT = 10;
/** One step either side of now: a phone clock 30 s off still works. */
const TOLERANCE_SECONDS = 30;

const seal = (secret: string) => sealSecret(secret, env.APP_ENCRYPTION_KEY);
const open = (sealed: string) => openSecret(sealed, env.APP_ENCRYPTION_KEY);

export async function isStaffTotpRequired(db: Db): Promise<boolean> {
  return (await readSetting(db, REQUIRE_STAFF_TOTP)) === "true";
}

export async function setStaffTotpRequired(db: Db, actor: Actor, required: boolean): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = (await tx.setting.findUnique({ where: { key: REQUIRE_STAFF_TOTP } }))?.value === "true";
    await tx.setting.upsert({
      where: { key: REQUIRE_STAFF_TOTP },
      create: { key: REQUIRE_STAFF_TOTP, value: String(required), updatedBy: actor.email },
      update: { value: String(required), updatedBy: actor.email },
    });
    if (before !== required)
      await recordAudit(
        {
          actor,
          action: "security.require_staff_totp",
          targetType: "setting",
          targetId: REQUIRE_STAFF_TOTP,
          before: { required: before },
          after: { required },
        },
        tx,
      );
  });
}

/** "abcd-efgh-jkmn-pqrs": 16 characters of an unambiguous 31-letter alphabet (about 79 bits). */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12, 16)}`;
}

const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
const recoveryHash = (userId: string, code: string) =>
  createHash("sha256")
    .update(`${userId}:${normalizeRecovery(code)}`)
    .digest("base64url");

/** A 6-digit code (spaces allowed, "123 456"), or a recovery code ("abcd-efgh-jkmn-pqrs"). */
export function codeKind(raw: string): "totp" | "recovery" | null {
  const compact = raw.replace(/\s/g, "");
  if (/^\d{6}$/.test(compact)) return "totp";
  if (normalizeRecovery(raw).length === 16 && /^[a-z0-9 -]+$/i.test(raw.trim())) return "recovery";
  return null;
}

async function replaceRecoveryCodes(tx: Pick<Db, "recoveryCode">, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: recoveryHash(userId, code) })) });
  return codes;
}

/** Checks a TOTP code against `sealed` and claims its time step (once per code). */
async function acceptTotp(db: Db, userId: string, sealed: string, raw: string, now: Date): Promise<boolean> {
  const token = raw.replace(/\s/g, "");
  const result = await verify({
    secret: open(sealed),
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  if (!result.valid || !("timeStep" in result)) return false;
  const prefix = `totp.step.${userId}.`;
  try {
    await db.setting.create({
      data: { key: `${prefix}${result.timeStep}`, value: now.toISOString(), updatedBy: "system" },
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false; // this code was already used
    throw error;
  }
  // Older steps can never match again (the tolerance is one step).
  await db.setting.deleteMany({ where: { key: { startsWith: prefix, lt: `${prefix}${result.timeStep - 2}` } } });
  return true;
}

/**
 * The second sign-in step: a current TOTP code or an unused recovery code of `userId`'s
 * enabled two-factor. A recovery code is spent by a conditional update (works once).
 */
export async function verifySecondFactor(
  db: Db,
  userId: string,
  raw: string,
  now = new Date(),
): Promise<{ ok: true; via: "totp" | "recovery" } | { ok: false }> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { totpSecretSealed: true, totpEnabledAt: true },
  });
  if (!user?.totpEnabledAt || !user.totpSecretSealed) return { ok: false };
  const kind = codeKind(raw);
  if (kind === "totp")
    return (await acceptTotp(db, userId, user.totpSecretSealed, raw, now)) ? { ok: true, via: "totp" } : { ok: false };
  if (kind === "recovery") {
    const spent = await db.recoveryCode.updateMany({
      where: { userId, codeHash: recoveryHash(userId, raw), usedAt: null },
      data: { usedAt: now },
    });
    return spent.count === 1 ? { ok: true, via: "recovery" } : { ok: false };
  }
  return { ok: false };
}

export type TotpStatus =
  | { state: "off" }
  | { state: "pending"; secret: string; uri: string; qrSvg: string }
  | { state: "on"; enabledAt: Date; recoveryCodesLeft: number };

/** What the security page shows: off, an enrolment waiting for its first code, or on. */
export async function totpStatus(db: Db, user: { id: string; email: string }): Promise<TotpStatus> {
  const row = await db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { totpSecretSealed: true, totpEnabledAt: true },
  });
  if (row.totpEnabledAt)
    return {
      state: "on",
      enabledAt: row.totpEnabledAt,
      recoveryCodesLeft: await db.recoveryCode.count({ where: { userId: user.id, usedAt: null } }),
    };
  if (!row.totpSecretSealed) return { state: "off" };
  const secret = open(row.totpSecretSealed);
  const uri = generateURI({ issuer: SHOP_NAME, label: user.email, secret });
  // An inline SVG (no data: image for the Content-Security-Policy to allow).
  return { state: "pending", secret, uri, qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1, width: 220 }) };
}

/** Starts (or restarts) enrolment: a new secret, sealed on the row, not yet in force. */
export async function startEnrolment(db: Db, userId: string): Promise<{ ok: boolean; message: string }> {
  const changed = await db.user.updateMany({
    where: { id: userId, totpEnabledAt: null },
    data: { totpSecretSealed: seal(generateSecret()) },
  });
  return changed.count === 1
    ? { ok: true, message: "Scan the code with your authenticator app, then enter the code it shows." }
    : { ok: false, message: "Two-factor sign-in is already on." };
}

export type CodesResult = { ok: true; codes: string[]; message: string } | { ok: false; message: string };

/** Turns two-factor on once a code from the app matches the pending secret; returns the recovery codes (shown once). */
export async function confirmEnrolment(db: Db, actor: Actor, code: string, now = new Date()): Promise<CodesResult> {
  const row = await db.user.findUniqueOrThrow({
    where: { id: actor.id },
    select: { totpSecretSealed: true, totpEnabledAt: true },
  });
  if (row.totpEnabledAt) return { ok: false, message: "Two-factor sign-in is already on." };
  if (!row.totpSecretSealed) return { ok: false, message: "Start the set-up first." };
  if (codeKind(code) !== "totp") return { ok: false, message: "Enter the 6-digit code your app shows." };
  if (!(await acceptTotp(db, actor.id, row.totpSecretSealed, code, now)))
    return { ok: false, message: "That code does not match. Check the app's clock and enter the current code." };
  return db.$transaction(async (tx) => {
    const claimed = await tx.user.updateMany({
      where: { id: actor.id, totpEnabledAt: null, totpSecretSealed: row.totpSecretSealed },
      data: { totpEnabledAt: now },
    });
    if (claimed.count !== 1)
      return { ok: false as const, message: "The set-up changed in another tab; reload the page." };
    const codes = await replaceRecoveryCodes(tx, actor.id);
    await recordAudit({ actor, action: "staff.totp_enable", targetType: "user", targetId: actor.id }, tx);
    return {
      ok: true as const,
      codes,
      message:
        "Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are shown only now.",
    };
  });
}

/** New recovery codes (the old ones stop working); needs a current code from the app. */
export async function regenerateRecoveryCodes(
  db: Db,
  actor: Actor,
  code: string,
  now = new Date(),
): Promise<CodesResult> {
  const check = await verifySecondFactor(db, actor.id, code, now);
  if (!check.ok)
    return {
      ok: false,
      message: "That code does not match. Enter the current code from your app (or an unused recovery code).",
    };
  return db.$transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, actor.id);
    await recordAudit({ actor, action: "staff.totp_recovery_codes", targetType: "user", targetId: actor.id }, tx);
    return {
      ok: true as const,
      codes,
      message: "New recovery codes; the earlier ones no longer work. They are shown only now.",
    };
  });
}

/** Turns two-factor off (needs a current code); refused while it is required for all staff. */
export async function disableTotp(
  db: Db,
  actor: Actor,
  code: string,
  now = new Date(),
): Promise<{ ok: boolean; message: string }> {
  if (await isStaffTotpRequired(db))
    return { ok: false, message: "Two-factor sign-in is required for all staff, so it cannot be turned off." };
  const check = await verifySecondFactor(db, actor.id, code, now);
  if (!check.ok)
    return {
      ok: false,
      message: "That code does not match. Enter the current code from your app (or an unused recovery code).",
    };
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: actor.id }, data: { totpSecretSealed: null, totpEnabledAt: null } });
    await tx.recoveryCode.deleteMany({ where: { userId: actor.id } });
    await recordAudit({ actor, action: "staff.totp_disable", targetType: "user", targetId: actor.id }, tx);
  });
  return { ok: true, message: "Two-factor sign-in is off." };
}

/**
 * An admin removes another member's two-factor (phone and recovery codes lost): they sign in
 * with their password alone and set it up again (at once, while it is required). Their sessions
 * end. Audited.
 */
export async function resetTotpFor(db: Db, actor: Actor, userId: string): Promise<{ ok: boolean; message: string }> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: userId },
      select: { id: true, email: true, role: true, totpEnabledAt: true, totpSecretSealed: true },
    });
    if (!user || user.role === "customer") return { ok: false, message: "That staff account does not exist." };
    if (!user.totpEnabledAt && !user.totpSecretSealed)
      return { ok: true, message: `${user.email} has no two-factor sign-in.` };
    await tx.user.update({
      where: { id: user.id },
      data: { totpSecretSealed: null, totpEnabledAt: null, sessionVersion: { increment: 1 } },
    });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await recordAudit({ actor, action: "staff.totp_reset", targetType: "user", targetId: user.id }, tx);
    return {
      ok: true,
      message: `Two-factor sign-in of ${user.email} is removed and their sessions ended; they set it up again after signing in.`,
    };
  });
}
