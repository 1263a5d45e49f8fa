import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { DbClient } from "@/lib/db/create-client";
import type { AccountLink, Prisma, User } from "@/lib/db/generated/sqlite/client";

// One-time links mailed to a customer (docs/accounts.md): they prove that the holder reads the
// mailbox. "verify_email" proves the account's address (or, with another `email`, the new
// address of a change); "reset_password" lets the holder choose a new password. Only the
// token's SHA-256 is stored; a link works once, until it expires; a newer link of the same
// purpose ends the older ones (so the mail a buyer opens last is the one that works).

export type AccountLinkPurpose = "verify_email" | "reset_password";

export const ACCOUNT_LINK_LIFETIME_MS: Record<AccountLinkPurpose, number> = {
  verify_email: 3 * 24 * 3_600_000,
  // Someone locked out acts now; a reset link lying in a mailbox for days is a risk.
  reset_password: 60 * 60_000,
};

/** 32 random bytes, base64url: 43 characters. Anything else is not a link the shop issued. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

type Tx = Prisma.TransactionClient;

/** Issues a link inside the caller's transaction (the one that queues its mail). */
export async function issueAccountLink(
  tx: Tx,
  user: Pick<User, "id">,
  purpose: AccountLinkPurpose,
  email: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ACCOUNT_LINK_LIFETIME_MS[purpose]);
  // Older unused links of this purpose end now: they read as "expired or replaced".
  await tx.accountLink.updateMany({
    where: { userId: user.id, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
  await tx.accountLink.create({ data: { userId: user.id, tokenHash: hashOf(token), purpose, email, expiresAt } });
  return { token, expiresAt };
}

export type LinkProblemCode = "INVALID" | "USED" | "EXPIRED";
export type LinkProblem = { ok: false; code: LinkProblemCode; message: string };

const PROBLEMS: Record<AccountLinkPurpose, Record<LinkProblemCode, string>> = {
  reset_password: {
    INVALID: "This reset link is not valid. Check that you opened the whole link from the mail, or ask for a new one.",
    USED: "This reset link has already been used. Sign in with your new password, or ask for a new link.",
    EXPIRED: "This reset link has expired, or a newer one was sent. Ask for a new link: it works for an hour.",
  },
  verify_email: {
    INVALID:
      "This confirmation link is not valid. Check that you opened the whole link from the mail, or ask for a new one from your account.",
    USED: "This address is already confirmed with this link.",
    EXPIRED: "This confirmation link has expired, or a newer one was sent. Ask for a new one from your account.",
  },
};

export function linkProblem(purpose: AccountLinkPurpose, code: LinkProblemCode): LinkProblem {
  return { ok: false, code, message: PROBLEMS[purpose][code] };
}

export type CheckedLink = { ok: true; link: AccountLink & { user: User } };

/** The link for `token` if it can still be used for `purpose`; else why not. */
export async function checkAccountLink(
  db: Pick<DbClient, "accountLink"> | Tx,
  token: string,
  purpose: AccountLinkPurpose,
  now = new Date(),
): Promise<CheckedLink | LinkProblem> {
  if (!TOKEN.test(token)) return linkProblem(purpose, "INVALID");
  const link = await db.accountLink.findUnique({ where: { tokenHash: hashOf(token) }, include: { user: true } });
  if (!link || link.purpose !== purpose || link.user.role !== "customer" || link.user.disabledAt)
    return linkProblem(purpose, "INVALID");
  if (link.usedAt) return linkProblem(purpose, "USED");
  if (link.expiresAt <= now) return linkProblem(purpose, "EXPIRED");
  return { ok: true, link };
}

/** Marks the link used, once: of two submissions (two tabs, a double click) one wins. */
export async function claimAccountLink(tx: Tx, link: Pick<AccountLink, "id">, now: Date): Promise<boolean> {
  const claimed = await tx.accountLink.updateMany({
    where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return claimed.count === 1;
}
