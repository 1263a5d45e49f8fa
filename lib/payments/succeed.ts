import type { DbClient } from "@/lib/db/create-client";
import type { Order, Payment } from "@/lib/db/generated/sqlite/client";
import type { PaymentStatus } from "@/lib/db/generated/sqlite/enums";
import { logger } from "@/lib/log";
import { recordEvent, transition } from "@/lib/orders/lifecycle";
import { placeOrder } from "@/lib/orders/placement";
import { expirePayment } from "./lapse";
import { providerById, type ProviderLookup } from "./providers";
import { providerLabel, type PaymentActor } from "./types";

// The one place an order becomes paid. Two conditional steps, each of which only one caller
// can win: the payment pending → succeeded (a double click, two tabs, a repeated webhook or a
// refresh all race here), then the order awaiting_payment → paid through `transition`. Both
// steps are safe to run again: a caller that finds the payment already succeeded still tries
// the order step, so a crash between the two is finished by the next attempt (or by the
// housekeeping job). A second, different payment that succeeds for an order that is already
// paid (or no longer payable) is given back at once.

/** Type of the timeline event that records the awaiting_payment → paid move; it names the payment. */
export const PAID_EVENT_TYPE = "payment";

export type AfterPaid = (db: DbClient, orderId: string, by: PaymentActor) => Promise<void>;

export type MarkPaidOptions = PaymentActor & {
  now?: Date;
  /**
   * The provider confirmed that money moved (Stripe's webhook, staff at the counter): accept
   * the payment even after its local expiry. The buyer's own click on the test checkout is
   * refused once the attempt expired.
   */
  acceptLate?: boolean;
  /** What runs once the order is paid; default: place it with the upstream (fire-and-forget). */
  afterPaid?: AfterPaid;
  providers?: ProviderLookup;
};

export type MarkPaidResult =
  /** This call moved the order to paid. `placement` settles when the placement kick is done (never rejects). */
  | { outcome: "paid"; order: Order; placement: Promise<void> }
  /** This payment had already paid the order (a repeat): nothing changed. */
  | { outcome: "already_paid"; orderId: string }
  /** The order was paid by another payment or is no longer payable: this payment was refunded (or flagged for staff). */
  | { outcome: "surplus"; orderId: string; refunded: boolean }
  /** The payment cannot be paid: unknown, declined, expired or refunded. */
  | { outcome: "not_payable"; status: PaymentStatus | "not_found" | "order_not_payable" };

export async function markPaymentSucceeded(
  db: DbClient,
  paymentId: string,
  options: MarkPaidOptions,
): Promise<MarkPaidResult> {
  const now = options.now ?? new Date();
  const payment = await db.payment.findUnique({ where: { id: paymentId } });
  if (!payment) return { outcome: "not_payable", status: "not_found" };

  const claim = await db.payment.updateMany({
    where: {
      id: paymentId,
      status: { in: options.acceptLate ? ["pending", "expired"] : ["pending"] },
      ...(options.acceptLate ? {} : { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }),
    },
    data: { status: "succeeded", ...(options.source === "staff" && options.actor ? { actor: options.actor } : {}) },
  });
  if (claim.count === 0) {
    const current = await db.payment.findUniqueOrThrow({ where: { id: paymentId } });
    if (current.status === "pending") {
      // Still pending but past its expiry: it lapses now rather than at the next housekeeping run.
      await expirePayment(db, paymentId, { source: "system", now });
      return { outcome: "not_payable", status: "expired" };
    }
    if (current.status !== "succeeded") return { outcome: "not_payable", status: current.status };
  }
  return settleOrder(db, payment, { ...options, now });
}

/** Moves the payment's order to paid, or recognises a repeat, or gives a surplus payment back. */
export async function settleOrder(
  db: DbClient,
  payment: Payment,
  options: MarkPaidOptions & { now: Date },
): Promise<MarkPaidResult> {
  const by: PaymentActor = { source: options.source, actor: options.actor };
  const order = await transition(db, {
    orderId: payment.orderId,
    from: "awaiting_payment",
    to: "paid",
    ...by,
    type: PAID_EVENT_TYPE,
    message: `Payment received (${providerLabel(payment.provider)}).`,
    data: { paymentId: payment.id, provider: payment.provider, amount: payment.amount, currency: payment.currency },
    // Due for the worker at once, in case the kick below does not get to place it.
    patch: { paidAt: options.now, nextPollAt: options.now },
  });
  if (order) {
    const placement = (options.afterPaid ?? placeAfterPaid)(db, order.id, by);
    return { outcome: "paid", order, placement };
  }
  if ((await paymentThatPaid(db, payment.orderId)) === payment.id)
    return { outcome: "already_paid", orderId: payment.orderId };
  return refundSurplus(db, payment, by, options.providers ?? providerById);
}

/** The payment named by the order's awaiting_payment → paid event, if any. */
export async function paymentThatPaid(db: DbClient, orderId: string): Promise<string | null> {
  const event = await db.orderEvent.findFirst({
    where: { orderId, type: PAID_EVENT_TYPE, toStatus: "paid" },
    orderBy: { createdAt: "asc" },
  });
  const data = event?.data;
  return data && typeof data === "object" && !Array.isArray(data) && typeof data.paymentId === "string"
    ? data.paymentId
    : null;
}

async function refundSurplus(
  db: DbClient,
  payment: Payment,
  by: PaymentActor,
  providers: ProviderLookup,
): Promise<MarkPaidResult> {
  const data = {
    paymentId: payment.id,
    provider: payment.provider,
    amount: payment.amount,
    currency: payment.currency,
  };
  try {
    await (await providers(payment.provider)).refund(payment, { reason: "duplicate" });
  } catch (error) {
    logger.error(
      { err: error, paymentId: payment.id, orderId: payment.orderId },
      "refunding a surplus payment failed; staff must refund it",
    );
    await recordEvent(db, {
      orderId: payment.orderId,
      type: "payment_surplus",
      ...by,
      message: "A second payment arrived for this order and could not be refunded automatically. Staff will refund it.",
      data,
    });
    return { outcome: "surplus", orderId: payment.orderId, refunded: false };
  }
  const moved = await db.payment.updateMany({
    where: { id: payment.id, status: "succeeded" },
    data: { status: "refunded" },
  });
  if (moved.count === 1) {
    await recordEvent(db, {
      orderId: payment.orderId,
      type: "payment_refunded",
      ...by,
      message: "A second payment arrived for this order and was refunded automatically.",
      data,
    });
  }
  return { outcome: "surplus", orderId: payment.orderId, refunded: true };
}

/**
 * Default AfterPaid: place the paid order with the upstream now instead of waiting for the
 * worker's next round (a placement that fails owes the buyer's refund: lib/orders/refund-due.ts).
 * Errors are logged, never thrown: the order is already due for the worker, which places it
 * (and reconciles it) either way.
 */
export const placeAfterPaid: AfterPaid = async (db, orderId, by) => {
  try {
    await placeOrder(db, orderId, by);
  } catch (error) {
    logger.error({ err: error, orderId }, "placing a paid order right away failed; the worker will pick it up");
  }
};
