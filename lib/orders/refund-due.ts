import type { DbClient } from "@/lib/db/create-client";
import type { Order } from "@/lib/db/generated/sqlite/client";
import type { EventSource } from "@/lib/db/generated/sqlite/enums";

// An order the buyer paid the shop for that ended failed or cancelled upstream: the buyer is
// owed a refund. The order core only notes it ("Refund pending." on the order, `refundDue` in
// what it answers); giving the money back is the payments module's job, one layer up
// (lib/payments/settle.ts), which imports the order core and is never imported by it.

export const REFUND_PENDING = "Refund pending.";

/**
 * Only orders the shop took money for (credits mode, paid) are refunded by the shop: with a
 * payment link the upstream refunds the buyer's card itself.
 */
export function owesRefund(order: Pick<Order, "status" | "upstreamMode" | "paidAt">): boolean {
  return (
    (order.status === "failed" || order.status === "cancelled") &&
    order.upstreamMode === "credits" &&
    order.paidAt !== null
  );
}

/** Gives the buyer of an order that owesRefund their money back (lib/payments/settle.ts); never throws. */
export type RefundFailedOrder = (
  db: DbClient,
  order: Order,
  by: { source: EventSource; actor?: string },
) => Promise<void>;
