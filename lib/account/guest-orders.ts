import type { DbClient } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { normalizeEmail } from "@/lib/validation/email";

// Guest orders join an account only once its owner proved the address (a mailed link, with the
// password chosen or given there), never by a typed address alone: whoever reads the mailbox
// already holds those orders' links in their receipts, so the account shows nothing its owner
// could not already open. Joining adds access and removes none: the order's link keeps working
// for whoever holds it (placedAsGuest, lib/orders/access.ts).

type Writer = Pick<DbClient, "order"> | Prisma.TransactionClient;

/** Moves the guest orders placed with `email` into the account; answers how many joined. */
export async function claimGuestOrders(
  db: Writer,
  user: { id: string; email: string; emailVerifiedAt: Date | null },
): Promise<number> {
  if (!user.emailVerifiedAt) return 0;
  const joined = await db.order.updateMany({
    where: { userId: null, customerEmail: normalizeEmail(user.email) },
    data: { userId: user.id, placedAsGuest: true },
  });
  return joined.count;
}

/**
 * An address confirmed for the first time (sign-up, or a reset of an account never confirmed):
 * the account starts with nothing gathered before. An account that was never confirmed may
 * hold orders or saved numbers of whoever signed in to it (possibly not the address's owner):
 * those orders become guest orders again (their links
 * keep working; those placed with this address join again below), the saved numbers go.
 */
export async function releaseUnconfirmedHoldings(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.order.updateMany({ where: { userId, placedAsGuest: false }, data: { userId: null, placedAsGuest: true } });
  await tx.savedNumber.deleteMany({ where: { userId } });
}
