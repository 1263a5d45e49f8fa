import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";
import { recordEvent } from "@/lib/orders/lifecycle";
import { newPaymentId } from "./ids";
import { PaymentError, providerLabel, type PaymentActor, type PaymentProvider } from "./types";

// Starting a payment: one pending Payment row per attempt, for the order's retail amount, that
// lapses at `expiresAt`. An open attempt with time left is offered again instead of a new one
// (a refresh or a second tab lands on the same checkout). Two attempts can still exist (two
// tabs at the same instant, a decline then a retry); markPaymentSucceeded keeps exactly one.

/** An open attempt with less time left than this is not offered again: a fresh one is started. */
const REUSE_MARGIN_MS = 5 * 60_000;

export type CheckoutStart = {
  /** The payment attempt, or null when the order needs no payment (already paid, cancelled …). */
  paymentId: string | null;
  /** Where to send the buyer: the checkout, or the order page when there is nothing to pay. */
  redirectUrl: string;
  /** True when an open attempt was offered again. */
  reused: boolean;
};

export type CheckoutOptions = Partial<PaymentActor> & { provider: PaymentProvider; lifetimeMs: number; now?: Date };

export function orderPagePath(ref: string): string {
  return `/orders/${ref}`;
}

export async function startCheckoutWith(
  db: DbClient,
  orderId: string,
  options: CheckoutOptions,
): Promise<CheckoutStart> {
  const { provider } = options;
  const now = options.now ?? new Date();
  const order = await db.order.findUnique({ where: { id: orderId } });
  if (!order) throw new PaymentError("order_not_found", "We could not find that order.");
  if (order.status !== "awaiting_payment")
    return { paymentId: null, redirectUrl: orderPagePath(order.ref), reused: false };
  if (!Number.isSafeInteger(order.retailAmount) || order.retailAmount <= 0) {
    throw new PaymentError("invalid_amount", "This order has no amount to pay. Please contact us.");
  }

  const open = await db.payment.findFirst({
    where: {
      orderId,
      provider: provider.id,
      status: "pending",
      expiresAt: { gt: new Date(now.getTime() + REUSE_MARGIN_MS) },
    },
    orderBy: { createdAt: "desc" },
  });
  if (open) {
    const url = await provider.resumeCheckout(open).catch((error: unknown) => {
      logger.warn({ err: error, paymentId: open.id }, "could not resume an open checkout; starting a new one");
      return null;
    });
    if (url) return { paymentId: open.id, redirectUrl: url, reused: true };
  }

  const lifetimeMs = Math.max(options.lifetimeMs, provider.minimumLifetimeMs);
  const payment = await db.payment.create({
    data: {
      id: newPaymentId(),
      orderId,
      provider: provider.id,
      status: "pending",
      amount: order.retailAmount,
      currency: order.currency,
      expiresAt: new Date(now.getTime() + lifetimeMs),
    },
  });
  let redirectUrl: string;
  try {
    const opened = await provider.openCheckout({ order, payment });
    redirectUrl = opened.redirectUrl;
    if (opened.providerRef)
      await db.payment.update({ where: { id: payment.id }, data: { providerRef: opened.providerRef } });
  } catch (error) {
    // Never offered to anyone: close the attempt so it cannot be paid or reused.
    await db.payment.updateMany({ where: { id: payment.id, status: "pending" }, data: { status: "expired" } });
    logger.error({ err: error, orderId, paymentId: payment.id, provider: provider.id }, "opening a checkout failed");
    throw new PaymentError(
      "provider_unavailable",
      "The payment page could not be opened. Please try again in a moment.",
      { cause: error },
    );
  }
  await recordEvent(db, {
    orderId,
    type: "payment_started",
    source: options.source ?? "buyer",
    actor: options.actor,
    message: `Checkout opened (${providerLabel(provider.id)}).`,
    data: { paymentId: payment.id, provider: provider.id },
  });
  return { paymentId: payment.id, redirectUrl, reused: false };
}
