import "server-only";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { DbClient } from "@/lib/db/create-client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Prisma, User } from "@/lib/db/generated/sqlite/client";
import { supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import { queueMail } from "@/lib/mail/outbox";
import { sealMail } from "@/lib/mail/seal";
import { normalizeEmail } from "@/lib/validation/email";
import { verifyEmailMail, emailChangedMail } from "./account-mails";
import {
  checkAccountLink,
  claimAccountLink,
  issueAccountLink,
  linkProblem,
  type CheckedLink,
  type LinkProblem,
} from "./email-links";
import { claimGuestOrders, releaseUnconfirmedHoldings } from "./guest-orders";

// Confirming an address from its mailbox (docs/accounts.md "Sign-up and confirmation"). Two
// kinds of link, both "verify_email":
// - a sign-up's (the link's address is the account's): the confirmer chooses the password.
//   Whoever reads the mailbox is the owner; whoever typed the address into the sign-up form
//   is not necessarily, so the account's earlier sessions end and any password set before is
//   replaced. Only then do the address's guest orders join.
// - a change of address (the link names a new address): the confirmer gives the account's
//   current password, so a mailbox owner who clicks a link an attacker had sent (to move the
//   attacker's account onto the owner's address) moves nothing. Every other session ends;
//   then the new address's guest orders join.
// Each is one transaction: the link is claimed, the account changed and the orders joined
// together. Opening the link changes nothing (mail scanners open links): the form does.

type Tx = Prisma.TransactionClient;

/** Queues the confirmation mail for `email` (the account's address, or a new one) in the caller's transaction. */
export async function queueVerification(
  tx: Tx,
  user: Pick<User, "id" | "email" | "locale">,
  email: string = user.email,
  now = new Date(),
): Promise<void> {
  const to = normalizeEmail(email);
  const change = to !== user.email;
  const { token, expiresAt } = await issueAccountLink(tx, user, "verify_email", to, now);
  await queueMail(
    tx,
    sealMail({
      to,
      ...verifyEmailMail(token, expiresAt, change, supportedLocale(user.locale)),
      kind: change ? "account_change_email" : "account_verify_email",
    }),
    now,
  );
}

export type ConfirmKind = "sign_up" | "change";
const kindOf = (link: CheckedLink["link"]): ConfirmKind => (link.email === link.user.email ? "sign_up" : "change");

/** What the confirmation page shows for `token`: which form, for which address. */
export async function verifyLinkState(
  db: DbClient,
  token: string,
  now = new Date(),
): Promise<{ ok: true; kind: ConfirmKind; email: string; userId: string } | LinkProblem> {
  const checked = await checkAccountLink(db, token, "verify_email", now);
  return checked.ok
    ? { ok: true, kind: kindOf(checked.link), email: checked.link.email, userId: checked.link.userId }
    : checked;
}

export type ConfirmProblem =
  | LinkProblem
  | { ok: false; code: "TAKEN"; message: string; email?: string }
  | { ok: false; code: "WRONG_PASSWORD"; message: string };
export type ConfirmResult = { ok: true; email: string; changed: boolean; ordersJoined: number } | ConfirmProblem;

const TAKEN = (email?: string): ConfirmProblem => ({
  ok: false,
  code: "TAKEN",
  message: `Another account already uses ${email ?? "this address"}. Sign in to that one, or choose another address.`,
  email,
});

/** The sign-up's link: sets the password chosen here and confirms the address; once. `password` must meet passwordProblemCode's rules. */
export async function confirmSignUp(
  db: DbClient,
  token: string,
  password: string,
  now = new Date(),
): Promise<ConfirmResult> {
  const first = await checkAccountLink(db, token, "verify_email", now);
  if (!first.ok) return first;
  if (kindOf(first.link) !== "sign_up") return linkProblem("verify_email", "INVALID");
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const checked = await checkAccountLink(tx, token, "verify_email", now);
    if (!checked.ok) return checked;
    const { link } = checked;
    if (kindOf(link) !== "sign_up") return linkProblem("verify_email", "INVALID");
    if (!(await claimAccountLink(tx, link, now))) return linkProblem("verify_email", "USED");
    if (!link.user.emailVerifiedAt) await releaseUnconfirmedHoldings(tx, link.userId);
    // The version ends every session opened before (by whoever typed the address at sign-up).
    const user = await tx.user.update({
      where: { id: link.userId },
      data: { passwordHash, emailVerifiedAt: link.user.emailVerifiedAt ?? now, sessionVersion: { increment: 1 } },
    });
    const ordersJoined = await claimGuestOrders(tx, user);
    return { ok: true as const, email: user.email, changed: false, ordersJoined };
  });
}

export type ConfirmDeps = { verify: typeof verifyPassword };

/** A change of address's link: with the account's current password, moves the account to the new address; once. */
export async function confirmEmailChange(
  db: DbClient,
  token: string,
  currentPassword: string,
  now = new Date(),
  deps: ConfirmDeps = { verify: verifyPassword },
): Promise<ConfirmResult> {
  const first = await checkAccountLink(db, token, "verify_email", now);
  if (!first.ok) return first;
  if (kindOf(first.link) !== "change") return linkProblem("verify_email", "INVALID");
  const stored = first.link.user.passwordHash;
  if (!stored || !(await deps.verify(currentPassword, stored)))
    return {
      ok: false,
      code: "WRONG_PASSWORD",
      message: "That is not the password of the account that asked for this change.",
    };
  try {
    return await db.$transaction(async (tx) => {
      const checked = await checkAccountLink(tx, token, "verify_email", now);
      if (!checked.ok) return checked;
      const { link } = checked;
      // The password checked above must still be the account's.
      if (kindOf(link) !== "change" || link.user.passwordHash !== stored) return linkProblem("verify_email", "INVALID");
      if (await tx.user.findUnique({ where: { email: link.email } })) return TAKEN(link.email);
      if (!(await claimAccountLink(tx, link, now))) return linkProblem("verify_email", "USED");
      const user = await tx.user.update({
        where: { id: link.userId },
        data: { email: link.email, emailVerifiedAt: now, sessionVersion: { increment: 1 } },
      });
      await queueMail(
        tx,
        {
          to: link.user.email,
          ...emailChangedMail(link.email, supportedLocale(link.user.locale)),
          kind: "account_email_changed",
        },
        now,
      );
      const ordersJoined = await claimGuestOrders(tx, user);
      return { ok: true as const, email: user.email, changed: true, ordersJoined };
    });
  } catch (error) {
    // Two accounts confirming the same new address at once: the unique index lets one win.
    if (isUniqueViolation(error)) return TAKEN();
    throw error;
  }
}
