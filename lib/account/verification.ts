import "server-only";
import type { DbClient } from "@/lib/db/create-client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Prisma, User } from "@/lib/db/generated/sqlite/client";
import { supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import { queueMail } from "@/lib/mail/outbox";
import { sealMail } from "@/lib/mail/seal";
import { verifyEmailMail, emailChangedMail } from "./account-mails";
import { checkAccountLink, claimAccountLink, issueAccountLink, linkProblem, type LinkProblem } from "./email-links";
import { claimGuestOrders } from "./guest-orders";

// Email verification (docs/accounts.md): a new account is mailed a link to its address; a
// change of address is mailed to the new one and takes effect only when confirmed there.
// Confirming sets emailVerifiedAt and brings the address's guest orders into the account.

type Tx = Prisma.TransactionClient;

/** Queues the confirmation mail for `email` (the account's address, or a new one) in the caller's transaction. */
export async function queueVerification(tx: Tx, user: Pick<User, "id" | "email" | "locale">, email: string = user.email, now = new Date()): Promise<void> {
  const change = email !== user.email;
  const { token, expiresAt } = await issueAccountLink(tx, user, "verify_email", email, now);
  await queueMail(tx, sealMail({ to: email, ...verifyEmailMail(token, expiresAt, change, supportedLocale(user.locale)), kind: change ? "account_change_email" : "account_verify_email" }), now);
}

export type ConfirmResult = { ok: true; email: string; changed: boolean; ordersJoined: number } | LinkProblem | { ok: false; code: "TAKEN"; message: string; email?: string };

/** Confirms the address the link was mailed to; once. */
export async function confirmEmail(db: DbClient, token: string, now = new Date()): Promise<ConfirmResult> {
  try {
    return await confirmIn(db, token, now);
  } catch (error) {
    // Two accounts confirming the same new address at once: the unique index lets one win.
    if (isUniqueViolation(error)) return { ok: false, code: "TAKEN", message: "Another account already uses this address. Sign in to that one, or choose another address." };
    throw error;
  }
}

async function confirmIn(db: DbClient, token: string, now: Date): Promise<ConfirmResult> {
  return db.$transaction(async (tx) => {
    const checked = await checkAccountLink(tx, token, "verify_email", now);
    if (!checked.ok) return checked;
    const { link } = checked;
    const changed = link.email !== link.user.email;
    if (changed && (await tx.user.findUnique({ where: { email: link.email } }))) {
      return { ok: false as const, code: "TAKEN" as const, message: `Another account already uses ${link.email}. Sign in to that one, or choose another address.`, email: link.email };
    }
    if (!(await claimAccountLink(tx, link, now))) return linkProblem("verify_email", "USED");
    const user = await tx.user.update({ where: { id: link.userId }, data: { email: link.email, emailVerifiedAt: now } });
    if (changed) await queueMail(tx, { to: link.user.email, ...emailChangedMail(link.email, supportedLocale(link.user.locale)), kind: "account_email_changed" }, now);
    const ordersJoined = await claimGuestOrders(tx, user);
    return { ok: true as const, email: user.email, changed, ordersJoined };
  });
}
