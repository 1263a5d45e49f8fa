import type { DbClient } from "@/lib/db/create-client";
import { isUniqueViolation } from "@/lib/db/errors";
import { newPaymentId } from "./ids";
import { markPaymentSucceeded, type AfterPaid, type MarkPaidResult } from "./succeed";
import { PaymentError } from "./types";

// A walk-in buyer pays staff in the shop; a staff member marks the order paid in the admin.
// One counter payment per order at most (its providerRef is derived from the order id, and
// providerRef is unique), so a double click records one payment, not two.

export type CounterOptions = { staffUserId: string; now?: Date; afterPaid?: AfterPaid };

export async function markPaidAtCounter(
  db: DbClient,
  orderId: string,
  options: CounterOptions,
): Promise<MarkPaidResult> {
  const staff = await db.user.findUnique({
    where: { id: options.staffUserId },
    select: { role: true, disabledAt: true },
  });
  if (!staff || staff.disabledAt || staff.role === "customer")
    throw new PaymentError("not_staff", "Only staff can take payments at the counter.");
  const order = await db.order.findUnique({ where: { id: orderId } });
  if (!order) throw new PaymentError("order_not_found", "We could not find that order.");

  const providerRef = `counter:${orderId}`;
  let paymentId = (await db.payment.findUnique({ where: { providerRef }, select: { id: true } }))?.id;
  if (!paymentId) {
    if (order.status !== "awaiting_payment") return { outcome: "not_payable", status: "order_not_payable" };
    try {
      paymentId = (
        await db.payment.create({
          data: {
            id: newPaymentId(),
            orderId,
            provider: "counter",
            providerRef,
            status: "pending",
            amount: order.retailAmount,
            currency: order.currency,
            actor: options.staffUserId,
          },
        })
      ).id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another click created it a moment ago: continue with that one.
      paymentId = (await db.payment.findUniqueOrThrow({ where: { providerRef }, select: { id: true } })).id;
    }
  }
  return markPaymentSucceeded(db, paymentId, {
    source: "staff",
    actor: options.staffUserId,
    acceptLate: true,
    now: options.now,
    afterPaid: options.afterPaid,
  });
}
