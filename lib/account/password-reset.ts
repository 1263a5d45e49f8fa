import "server-only";
import { hashPassword } from "@/lib/auth/password";
import type { DbClient } from "@/lib/db/create-client";
import { supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import { queueMail } from "@/lib/mail/outbox";
import { sealMail } from "@/lib/mail/seal";
import { resetPasswordMail } from "./account-mails";
import { checkAccountLink, claimAccountLink, issueAccountLink, linkProblem, type LinkProblem } from "./email-links";
import { claimGuestOrders, releaseUnconfirmedHoldings } from "./guest-orders";
import { normalizeEmail } from "@/lib/validation/email";

// "Forgot password" for customers (docs/accounts.md). The request answers the same whether or
// not the address has an account (nobody learns who shops here); an account gets a mailed link
// that works once, for an hour. Staff accounts are reset by an admin (docs/admin.md), so they
// get no self-service link. Setting the password ends every session (the session version) and
// proves the address, as a sign-up's confirmation link would (lib/account/verification.ts).

/** Queues the reset mail when `email` is a customer's account; does nothing otherwise. */
export async function requestPasswordReset(db: DbClient, email: string, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email: normalizeEmail(email) } });
    if (!user || user.role !== "customer" || user.disabledAt) return;
    const { token, expiresAt } = await issueAccountLink(tx, user, "reset_password", user.email, now);
    await queueMail(
      tx,
      sealMail({
        to: user.email,
        ...resetPasswordMail(token, expiresAt, supportedLocale(user.locale)),
        kind: "account_reset_password",
      }),
      now,
    );
  });
}

/** What the reset page shows for `token`. */
export async function resetLinkState(
  db: DbClient,
  token: string,
  now = new Date(),
): Promise<{ ok: true; email: string } | LinkProblem> {
  const checked = await checkAccountLink(db, token, "reset_password", now);
  return checked.ok ? { ok: true, email: checked.link.user.email } : checked;
}

/** Sets the new password through the link, once. The password must meet passwordProblem's rules. */
export async function resetPassword(
  db: DbClient,
  token: string,
  password: string,
  now = new Date(),
): Promise<{ ok: true; email: string } | LinkProblem> {
  const first = await checkAccountLink(db, token, "reset_password", now);
  if (!first.ok) return first;
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const checked = await checkAccountLink(tx, token, "reset_password", now);
    if (!checked.ok) return checked;
    if (!(await claimAccountLink(tx, checked.link, now))) return linkProblem("reset_password", "USED");
    if (!checked.link.user.emailVerifiedAt) await releaseUnconfirmedHoldings(tx, checked.link.userId);
    const user = await tx.user.update({
      where: { id: checked.link.userId },
      data: {
        passwordHash,
        sessionVersion: { increment: 1 },
        emailVerifiedAt: checked.link.user.emailVerifiedAt ?? now,
      },
    });
    await claimGuestOrders(tx, user);
    return { ok: true as const, email: user.email };
  });
}
