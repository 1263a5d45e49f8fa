import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";
import { expireAbandonedPayments, type ExpiryReport } from "./lapse";
import { settleOrder, type AfterPaid } from "./succeed";

// The periodic payment job (run by the order worker, or any scheduler, every minute or so):
// abandoned checkouts expire and their orders are cancelled; a payment that succeeded while
// its order stayed awaiting payment (a crash between the two steps) gets its order paid.

export type HousekeepingReport = ExpiryReport & { repairedOrders: number };

export async function runPaymentHousekeeping(
  db: DbClient,
  now: Date = new Date(),
  options: { afterPaid?: AfterPaid } = {},
): Promise<HousekeepingReport> {
  const expiry = await expireAbandonedPayments(db, now);
  let repairedOrders = 0;
  const stranded = await db.payment.findMany({
    where: { status: "succeeded", order: { status: "awaiting_payment" } },
    take: 100,
  });
  for (const payment of stranded) {
    const result = await settleOrder(db, payment, {
      source: "system",
      actor: "payment-housekeeping",
      now,
      afterPaid: options.afterPaid,
    });
    if (result.outcome === "paid") repairedOrders += 1;
  }
  if (expiry.expiredPayments || expiry.cancelledOrders || repairedOrders)
    logger.info({ ...expiry, repairedOrders }, "payment housekeeping");
  return { ...expiry, repairedOrders };
}
