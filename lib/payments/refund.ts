import type { DbClient } from "@/lib/db/create-client";
import { REFUND_PENDING } from "@/lib/orders/hooks";
import { canTransition, transition } from "@/lib/orders/lifecycle";
import { providerById, type ProviderLookup } from "./providers";
import { PaymentError, providerLabel, type PaymentActor } from "./types";

// Giving the buyer's money back: the provider refunds (Stripe) or it is only recorded
// (sandbox; counter, where staff hand the money back), then payment → refunded and order →
// refunded through `transition`. Safe to call again: the provider refund is idempotent per
// payment, both status changes are conditional, and a run that stopped half-way is finished.

export type RefundInput = PaymentActor & { reason: string; providers?: ProviderLookup };

export type RefundResult = { outcome: "refunded" | "already_refunded"; paymentId: string };

export async function refundPayment(db: DbClient, orderId: string, input: RefundInput): Promise<RefundResult> {
  const order = await db.order.findUnique({ where: { id: orderId }, select: { status: true, statusReason: true } });
  if (!order) throw new PaymentError("order_not_found", "We could not find that order.");
  const payment =
    (await db.payment.findFirst({ where: { orderId, status: "succeeded" }, orderBy: { createdAt: "asc" } })) ??
    (await db.payment.findFirst({ where: { orderId, status: "refunded" }, orderBy: { updatedAt: "desc" } }));
  if (order.status === "refunded") {
    if (!payment) throw new PaymentError("no_payment", "This order has no payment to refund.");
    return { outcome: "already_refunded", paymentId: payment.id };
  }
  if (!canTransition(order.status, "refunded")) {
    throw new PaymentError("not_refundable", `An order that is ${order.status.replace("_", " ")} cannot be refunded now.`);
  }
  if (!payment) throw new PaymentError("no_payment", "This order has no payment to refund.");

  if (payment.status === "succeeded") {
    const provider = await (input.providers ?? providerById)(payment.provider);
    try {
      await provider.refund(payment, { reason: input.reason });
    } catch (error) {
      throw new PaymentError("provider_unavailable", "The refund could not be sent to the payment provider. Nothing changed; please try again.", { cause: error });
    }
    await db.payment.updateMany({
      where: { id: payment.id, status: "succeeded" },
      data: { status: "refunded", ...(input.source === "staff" && input.actor ? { actor: input.actor } : {}) },
    });
  }
  const refundable = (["paid", "placed", "needs_attention", "fulfilled", "failed", "cancelled"] as const).filter((s) => canTransition(s, "refunded"));
  const moved = await transition(db, {
    orderId,
    from: refundable,
    to: "refunded",
    source: input.source,
    actor: input.actor,
    type: "refund",
    message: `Refunded (${providerLabel(payment.provider)}): ${input.reason}`,
    data: { paymentId: payment.id, provider: payment.provider, amount: payment.amount, currency: payment.currency },
    // The order core notes "Refund pending." on a failed order; now it is done.
    patch: { nextPollAt: null, ...(order.statusReason?.endsWith(REFUND_PENDING) ? { statusReason: order.statusReason.replace(REFUND_PENDING, "Your payment was refunded.") } : {}) },
  });
  if (!moved) {
    const now = await db.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true } });
    if (now.status === "refunded") return { outcome: "already_refunded", paymentId: payment.id };
    // The money is back but the order moved meanwhile (e.g. to placing): staff must look at it.
    throw new PaymentError("not_refundable", `The payment was refunded, but the order changed to ${now.status} meanwhile; staff must check it.`);
  }
  return { outcome: "refunded", paymentId: payment.id };
}
