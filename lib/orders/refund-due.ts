import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";

// An order the buyer paid the shop for that ended failed or cancelled owes the buyer a refund:
// the transition that ends it writes a RefundTask in its own transaction (lifecycle.ts), which
// the payments module's worker step carries out (lib/payments/refund-tasks.ts). The order core
// never imports payments (docs/orders.md "Refund after a failure").

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

/**
 * Whether nothing more will change for the buyer: the order is final and no refund it owes is
 * still to be made. The order page keeps following a failed or cancelled order until the worker
 * has refunded it (its refund task is done, or given up to staff).
 */
export function settledForBuyer(
  order: { status: Order["status"]; refundTask: { status: string } | null },
  finalStatuses: readonly Order["status"][],
): boolean {
  return finalStatuses.includes(order.status) && order.refundTask?.status !== "pending";
}

/**
 * Writes the order's refund task, due now, in the caller's transaction (one per order: the
 * transaction holds the order's row, so two transitions cannot both write it). A task already
 * pending is left as it is; one that ended (done, or given up to staff) is due again, since the
 * order owes a refund again. Answers whether a refund is newly due.
 */
export async function oweRefund(tx: Prisma.TransactionClient, orderId: string): Promise<boolean> {
  const existing = await tx.refundTask.findUnique({ where: { orderId }, select: { status: true } });
  if (existing?.status === "pending") return false;
  const due = { status: "pending", attempts: 0, nextAttemptAt: new Date(), error: null, doneAt: null };
  if (existing)
    await tx.refundTask.update({ where: { orderId }, data: { ...due, leaseOwner: null, leaseUntil: null } });
  else await tx.refundTask.create({ data: { orderId, ...due } });
  return true;
}
