import { randomUUID } from "node:crypto";
import type { DbClient } from "@/lib/db/create-client";
import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";
import { canTransition, transition } from "@/lib/orders/lifecycle";
import { REFUND_PENDING } from "@/lib/orders/refund-due";
import type { Payment } from "@/lib/db/generated/sqlite/client";
import { providerById, type ProviderLookup } from "./providers";
import { PaymentError, providerLabel, type PaymentActor } from "./types";

// Giving the buyer's money back: the provider refunds (Stripe) or it is only recorded
// (sandbox; counter, where staff hand the money back), then payment → refunded and order →
// refunded through `transition`. Safe to call again: the provider refund is idempotent per
// payment, both status changes are conditional, and a run that stopped half-way is finished.
//
// An order that can still be placed (`paid`, or `needs_attention` with no upstream order) is
// CLAIMED before the provider is asked: otherwise the worker could take it (paid → placing)
// while the money goes back, and the shop would pay the supplier for an order it refunded.
// The claim moves a paid order to `needs_attention` (which the worker does not place) and
// holds its lease (which `resumeOrder` and the worker respect), with nextPollAt cleared.

export type RefundInput = PaymentActor & { reason: string; providers?: ProviderLookup };

export type RefundResult = { outcome: "refunded" | "already_refunded"; paymentId: string };

/** Lease owners of refunds start with this; any refund of the order may take over from another (the provider refunds a payment once). */
const REFUND_OWNER = "refund:";

/**
 * How long a refund holds the order: far longer than a provider call. A refund whose process
 * died leaves the order in needs_attention with REFUND_IN_PROGRESS (never placed by itself);
 * once this lapses staff may retry placing it, after checking the payment with the provider.
 */
export const REFUND_CLAIM_MS = 10 * 60_000;

export const REFUND_IN_PROGRESS = "Your refund is being processed.";
export const REFUND_NOT_CONFIRMED =
  "We could not complete your refund yet. Our staff have been notified and will refund you or complete your order; nothing is charged twice.";

export async function refundPayment(db: DbClient, orderId: string, input: RefundInput): Promise<RefundResult> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { status: true, statusReason: true, upstreamOrderId: true },
  });
  if (!order) throw new PaymentError("order_not_found", "We could not find that order.");
  const payment =
    (await db.payment.findFirst({ where: { orderId, status: "succeeded" }, orderBy: { createdAt: "asc" } })) ??
    (await db.payment.findFirst({ where: { orderId, status: "refunded" }, orderBy: { updatedAt: "desc" } }));
  if (order.status === "refunded") {
    if (!payment) throw new PaymentError("no_payment", "This order has no payment to refund.");
    return { outcome: "already_refunded", paymentId: payment.id };
  }
  if (!canTransition(order.status, "refunded")) throw notRefundable(order.status);
  if (!payment) throw new PaymentError("no_payment", "This order has no payment to refund.");

  let claim: string | null = null;
  if (payment.status === "succeeded") {
    if (placeable(order)) {
      claim = await claimForRefund(db, orderId, order.status, payment, input);
      if (claim === "refunded") return { outcome: "already_refunded", paymentId: payment.id };
    }
    const provider = await (input.providers ?? providerById)(payment.provider);
    try {
      await provider.refund(payment, { reason: input.reason });
    } catch (error) {
      if (!claim)
        throw new PaymentError(
          "provider_unavailable",
          "The refund could not be sent to the payment provider. Nothing changed; please try again.",
          { cause: error },
        );
      await refundNotConfirmed(db, orderId, claim, payment, input, error);
      throw new PaymentError(
        "provider_unavailable",
        "The payment provider did not confirm the refund. The order now waits for staff and will not be placed by itself: try the refund again (a payment is never refunded twice), or check the payment with the provider before placing the order again.",
        { cause: error },
      );
    }
    await db.payment.updateMany({
      where: { id: payment.id, status: "succeeded" },
      data: { status: "refunded", ...(input.source === "staff" && input.actor ? { actor: input.actor } : {}) },
    });
  }
  const refundable = (["paid", "placed", "needs_attention", "fulfilled", "failed", "cancelled"] as const).filter((s) =>
    canTransition(s, "refunded"),
  );
  // The order core notes "Refund pending." on a failed order; now it is done. A claimed order
  // gets back the reason it had before the claim (the claim showed REFUND_IN_PROGRESS meanwhile).
  const reason = order.statusReason?.endsWith(REFUND_PENDING)
    ? order.statusReason.replace(REFUND_PENDING, "Your payment was refunded.")
    : order.statusReason;
  const moved = await transition(db, {
    orderId,
    from: refundable,
    to: "refunded",
    source: input.source,
    actor: input.actor,
    type: "refund",
    message: `Refunded (${providerLabel(payment.provider)}): ${input.reason}`,
    data: { paymentId: payment.id, provider: payment.provider, amount: payment.amount, currency: payment.currency },
    patch: {
      nextPollAt: null,
      ...(reason !== order.statusReason || claim ? { statusReason: reason } : {}),
      ...(claim ? { leaseOwner: null, leaseUntil: null } : {}),
    },
  });
  if (!moved) {
    const now = await db.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true } });
    if (now.status === "refunded") return { outcome: "already_refunded", paymentId: payment.id };
    // The money is back but the order moved meanwhile: staff must look at it.
    throw new PaymentError(
      "not_refundable",
      `The payment was refunded, but the order changed to ${now.status} meanwhile; staff must check it.`,
    );
  }
  return { outcome: "refunded", paymentId: payment.id };
}

function notRefundable(status: OrderStatus): PaymentError {
  return new PaymentError("not_refundable", `An order that is ${status.replace("_", " ")} cannot be refunded now.`);
}

/** An order the worker or staff could still send to the supplier: it must be claimed first. */
function placeable(order: { status: OrderStatus; upstreamOrderId: string | null }): boolean {
  return order.status === "paid" || (order.status === "needs_attention" && !order.upstreamOrderId);
}

/**
 * Claims a placeable order for this refund, or throws the reason it cannot be refunded now.
 * Answers the lease owner, null when the order moved to a status that needs no claim (placed,
 * failed …: no placement can start from there), or "refunded" when another refund finished.
 */
async function claimForRefund(
  db: DbClient,
  orderId: string,
  status: OrderStatus,
  payment: Payment,
  input: RefundInput,
): Promise<string | null> {
  const owner = `${REFUND_OWNER}${randomUUID()}`;
  const now = new Date();
  const patch = {
    leaseOwner: owner,
    leaseUntil: new Date(now.getTime() + REFUND_CLAIM_MS),
    nextPollAt: null,
    statusReason: REFUND_IN_PROGRESS,
  };
  const event = {
    type: "refund_started",
    source: input.source,
    actor: input.actor,
    message: `Refund started (${providerLabel(payment.provider)}): the order is held and will not be placed meanwhile`,
    data: { code: "refund_in_progress", paymentId: payment.id, previousStatus: status },
  };
  // paid → needs_attention is conditional on `paid`, like placeOrder's paid → placing: of the
  // two, exactly one happens. The worker may hold a claim lease on the order; this takes it
  // over, and its placeOrder then finds the order no longer paid.
  if (status === "paid" && (await transition(db, { orderId, from: "paid", to: "needs_attention", ...event, patch })))
    return owner;
  // A parked order (or a paid one another refund just claimed): its lease must be free, or held
  // by another refund of the same payment. A worker or staff member resuming it holds the lease
  // through resumeOrder, which in turn refuses an order a refund holds.
  const taken = await db.$transaction(async (tx) => {
    const updated = await tx.order.updateMany({
      where: {
        id: orderId,
        status: "needs_attention",
        upstreamOrderId: null,
        OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }, { leaseOwner: { startsWith: REFUND_OWNER } }],
      },
      data: patch,
    });
    if (updated.count === 0) return false;
    await tx.orderEvent.create({ data: { orderId, ...event } });
    return true;
  });
  if (taken) return owner;
  const current = await db.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { status: true, upstreamOrderId: true },
  });
  if (current.status === "refunded") return "refunded";
  if (!canTransition(current.status, "refunded")) throw notRefundable(current.status);
  if (placeable(current))
    throw new PaymentError(
      "not_refundable",
      "This order is being worked on right now; try the refund again in a minute.",
    );
  return null;
}

/**
 * The provider failed. Its error does not say whether the money went out (a timeout after the
 * provider acted), so the order is NOT handed back to the worker: if it were placed and the
 * refund had gone through, the money would go out twice. It waits for staff instead, who refund
 * again (idempotent per payment) or place it after checking the payment with the provider.
 */
async function refundNotConfirmed(
  db: DbClient,
  orderId: string,
  owner: string,
  payment: Payment,
  input: RefundInput,
  error: unknown,
): Promise<void> {
  await db.$transaction(async (tx) => {
    const released = await tx.order.updateMany({
      where: { id: orderId, status: "needs_attention", leaseOwner: owner },
      data: { leaseOwner: null, leaseUntil: null, nextPollAt: null, statusReason: REFUND_NOT_CONFIRMED },
    });
    if (released.count === 0) return;
    await tx.orderEvent.create({
      data: {
        orderId,
        type: "refund_failed",
        source: input.source,
        actor: input.actor,
        message: `The payment provider (${providerLabel(payment.provider)}) did not confirm the refund: ${(error instanceof Error ? error.message : String(error)).slice(0, 300)}. The order will not be placed by itself: refund again, or check the payment with the provider before retrying the order.`,
        data: { code: "refund_not_confirmed", paymentId: payment.id },
      },
    });
  });
}
