import type { DbClient } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/db/generated/sqlite/client";

// Guest orders join an account only once its owner proved the address (a mailed link), never
// by a typed address alone: whoever reads the mailbox already holds those orders' links in
// their receipts, so the account shows nothing its owner could not already open.

type Writer = Pick<DbClient, "order"> | Prisma.TransactionClient;

/** Moves the guest orders placed with `email` into the account; answers how many joined. */
export async function claimGuestOrders(db: Writer, user: { id: string; email: string; emailVerifiedAt: Date | null }): Promise<number> {
  if (!user.emailVerifiedAt) return 0;
  const joined = await db.order.updateMany({ where: { userId: null, customerEmail: user.email.toLowerCase() }, data: { userId: user.id } });
  return joined.count;
}
