import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "@/lib/audit/record";
import { hashPassword } from "@/lib/auth/password";
import { SET_PASSWORD_ACCOUNT, spendAttempt, tooManyAttemptsMessage } from "@/lib/auth/throttle";
import type { DbClient } from "@/lib/db";
import { mailTime, renderMail, type MailContent } from "@/lib/mail/layout";
import { shopUrl } from "@/lib/mail/links";
import { queueMail } from "@/lib/mail/outbox";
import { sealMail } from "@/lib/mail/seal";
import { SHOP_NAME } from "@/lib/products";

// One-time links with which a staff member chooses their own password, so no admin ever knows
// it: an invitation for a new account, or a reset an admin issues when someone forgot theirs.
// The link is mailed to the member (sealed in the outbox until sent, docs/mail.md) and shown
// once to the admin who issued it, for when mail cannot reach them; only the token's SHA-256 is
// stored. A new link replaces the member's unused ones;
// a link works once, until it expires, and never for a disabled account. docs/admin.md.
// Issuing a reset link and setting a password both end the member's sessions (the session
// version, lib/auth/sessions.ts): whoever had the old password is signed out at once.

export type PasswordLinkPurpose = "invite" | "reset";
/** A staff member, or a command on the server (`npm run staff:link`: `id` null). */
type Actor = { id: string | null; email: string };
type Tx = Pick<DbClient, "user" | "passwordLink" | "auditLog" | "mailOutbox">;

/** An invitation waits a week for a new colleague; a reset is for someone locked out now. */
export const PASSWORD_LINK_LIFETIME_MS: Record<PasswordLinkPurpose, number> = {
  invite: 7 * 24 * 3_600_000,
  reset: 24 * 3_600_000,
};

/** 32 random bytes, base64url: 43 characters. Anything else is not a link the shop issued. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export const passwordLinkPath = (token: string) => `/admin/set-password/${token}`;

export type IssuedLink = { token: string; path: string; expiresAt: Date; email: string; purpose: PasswordLinkPurpose };

/**
 * Issues a link for staff member `userId` inside the caller's transaction (account creation
 * issues the invitation in the same transaction as the account).
 */
export async function issuePasswordLinkIn(
  tx: Tx,
  actor: Actor,
  user: { id: string; email: string },
  purpose: PasswordLinkPurpose,
  now = new Date(),
): Promise<IssuedLink> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_LIFETIME_MS[purpose]);
  await tx.passwordLink.deleteMany({ where: { userId: user.id, usedAt: null } });
  await tx.passwordLink.create({
    data: { userId: user.id, tokenHash: hashOf(token), purpose, expiresAt, createdById: actor.id },
  });
  await recordAudit(
    {
      actor,
      action: "staff.password_link",
      targetType: "user",
      targetId: user.id,
      after: { purpose, expiresAt: expiresAt.toISOString() },
    },
    tx,
  );
  // Mailed with the link, sealed at rest (it is a credential); the admin is shown it too.
  await queueMail(
    tx,
    sealMail({
      to: user.email,
      ...renderMail(passwordLinkMail(purpose, shopUrl(passwordLinkPath(token)), expiresAt)),
      kind: `staff_${purpose}`,
    }),
    now,
  );
  return { token, path: passwordLinkPath(token), expiresAt, email: user.email, purpose };
}

export type IssueResult =
  { ok: true; link: IssuedLink } | { ok: false; code: "NOT_FOUND" | "DISABLED"; message: string };

/** An admin's "password link" for an existing staff member: an invitation until they have a password, then a reset. */
export async function issuePasswordLink(db: DbClient, actor: Actor, userId: string): Promise<IssueResult> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId } });
    if (!user || user.role === "customer")
      return { ok: false, code: "NOT_FOUND", message: "That staff account does not exist." };
    if (user.disabledAt)
      return { ok: false, code: "DISABLED", message: `${user.email} is disabled: enable the account first.` };
    const purpose = user.passwordHash ? "reset" : "invite";
    if (purpose === "reset")
      await tx.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    return { ok: true, link: await issuePasswordLinkIn(tx, actor, user, purpose) };
  });
}

export type LinkProblem = {
  ok: false;
  code: "INVALID" | "USED" | "EXPIRED" | "DISABLED" | "THROTTLED";
  message: string;
};
export type LinkState = { ok: true; email: string; purpose: PasswordLinkPurpose } | LinkProblem;

const PROBLEMS: Record<LinkProblem["code"], string> = {
  INVALID: "This link is not valid. Check that you copied all of it, or ask an admin for a new one.",
  USED: "This link has already been used. Sign in with your password, or ask an admin for a new link.",
  EXPIRED: "This link has expired. Ask an admin for a new one.",
  DISABLED: "This account is disabled. Ask an admin to enable it.",
  THROTTLED: "Too many attempts. Try again in 15 minutes.",
};
const problem = (code: LinkProblem["code"]): LinkProblem => ({ ok: false, code, message: PROBLEMS[code] });

async function check(tx: Pick<DbClient, "passwordLink">, token: string, now: Date) {
  if (!TOKEN.test(token)) return problem("INVALID");
  const link = await tx.passwordLink.findUnique({ where: { tokenHash: hashOf(token) }, include: { user: true } });
  if (!link || link.user.role === "customer") return problem("INVALID");
  if (link.usedAt) return problem("USED");
  if (link.expiresAt <= now) return problem("EXPIRED");
  if (link.user.disabledAt) return problem("DISABLED");
  return { ok: true as const, link };
}

/** What the set-password page shows for `token`. */
export async function passwordLinkState(db: DbClient, token: string, now = new Date()): Promise<LinkState> {
  const checked = await check(db, token, now);
  return checked.ok
    ? { ok: true, email: checked.link.user.email, purpose: checked.link.purpose === "reset" ? "reset" : "invite" }
    : checked;
}

/**
 * Sets the password through the link, once: the claim is a conditional update, so two
 * submissions of the same link (two tabs, a double click) set at most one password.
 * The password must already meet `passwordProblem`'s rules.
 */
export async function redeemPasswordLink(
  db: DbClient,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ ok: true; email: string } | LinkProblem> {
  const first = await check(db, token, now);
  if (!first.ok) return first;
  // Each attempt hashes a password: limited per account (lib/auth/throttle.ts).
  const wait = await spendAttempt(db, SET_PASSWORD_ACCOUNT, first.link.userId);
  if (wait) return { ok: false, code: "THROTTLED", message: tooManyAttemptsMessage(wait.retryAfterMs) };
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const checked = await check(tx, token, now);
    if (!checked.ok) return checked;
    const { link } = checked;
    const claimed = await tx.passwordLink.updateMany({ where: { id: link.id, usedAt: null }, data: { usedAt: now } });
    if (claimed.count !== 1) return problem("USED");
    // A new password ends every session of the account (the session version).
    await tx.user.update({ where: { id: link.userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await recordAudit(
      {
        actor: { id: link.user.id, email: link.user.email },
        action: "staff.password_set",
        targetType: "user",
        targetId: link.userId,
        after: { through: link.purpose },
      },
      tx,
    );
    return { ok: true as const, email: link.user.email };
  });
}

function passwordLinkMail(purpose: PasswordLinkPurpose, url: string, expiresAt: Date): MailContent {
  const until = mailTime(expiresAt);
  return purpose === "invite"
    ? {
        subject: `You are invited to the ${SHOP_NAME} staff dashboard`,
        heading: "Choose your password",
        parts: [
          {
            kind: "text",
            text: `An admin created a staff account for you at ${SHOP_NAME}. Choose your password with this link; then sign in to the dashboard.`,
          },
          { kind: "button", label: "Choose your password", url },
          { kind: "note", text: `The link works once, until ${until}. If you did not expect this mail, ignore it.` },
        ],
      }
    : {
        subject: `Set a new password for the ${SHOP_NAME} staff dashboard`,
        heading: "Set a new password",
        parts: [
          {
            kind: "text",
            text: "An admin issued you a link to set a new password. Your sessions have been signed out.",
          },
          { kind: "button", label: "Set a new password", url },
          { kind: "note", text: `The link works once, until ${until}. If you did not ask for it, tell an admin.` },
        ],
      };
}
