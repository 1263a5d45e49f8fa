import type { DbClient } from "@/lib/db/create-client";
import type { PaymentStatus } from "@/lib/db/generated/sqlite/enums";
import { recordEvent, transition } from "@/lib/orders/lifecycle";
import type { PaymentActor } from "./types";

// Payments that do not go through: a declined card (the order keeps waiting, the buyer may
// try again) and an abandoned checkout (the attempt expires at `expiresAt`; when no attempt
// of the order is left open, the order is cancelled). Every change is conditional on the
// payment still being pending, so a late click and the expiry job cannot both win.

export type DeclineResult = { outcome: "declined" } | { outcome: "not_pending"; status: PaymentStatus | "not_found" };

export async function markPaymentDeclined(
  db: DbClient,
  paymentId: string,
  by: PaymentActor & { reason?: string },
): Promise<DeclineResult> {
  const payment = await db.payment.findUnique({ where: { id: paymentId } });
  if (!payment) return { outcome: "not_pending", status: "not_found" };
  const moved = await db.payment.updateMany({
    where: { id: paymentId, status: "pending" },
    data: { status: "declined" },
  });
  if (moved.count === 0)
    return {
      outcome: "not_pending",
      status: (await db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status,
    };
  await recordEvent(db, {
    orderId: payment.orderId,
    type: "payment_declined",
    source: by.source,
    actor: by.actor,
    message: `Payment declined${by.reason ? ` (${by.reason})` : ""}. Nothing was charged; the order is still waiting for payment.`,
    data: { paymentId, provider: payment.provider },
  });
  return { outcome: "declined" };
}

export type ExpireResult = { expired: boolean; orderCancelled: boolean };

/** Pending → expired (false if it was not pending); then cancels the order if nothing else is left open. */
export async function expirePayment(
  db: DbClient,
  paymentId: string,
  by: PaymentActor & { now: Date },
): Promise<ExpireResult> {
  const payment = await db.payment.findUnique({ where: { id: paymentId }, select: { orderId: true } });
  if (!payment) return { expired: false, orderCancelled: false };
  const moved = await db.payment.updateMany({
    where: { id: paymentId, status: "pending" },
    data: { status: "expired" },
  });
  if (moved.count === 0) return { expired: false, orderCancelled: false };
  return { expired: true, orderCancelled: await cancelIfAbandoned(db, payment.orderId, by) };
}

/**
 * Cancels an order awaiting payment once every payment attempt has lapsed: none pending or
 * succeeded, and no declined one whose checkout window is still open (a declined attempt leaves
 * the buyer until its expiry to try again; an expired one, by the job or by Stripe, is over). Orders without any attempt are left alone (an upstream
 * payment-link order never has one).
 */
export async function cancelIfAbandoned(
  db: DbClient,
  orderId: string,
  by: PaymentActor & { now: Date },
): Promise<boolean> {
  const attempts = await db.payment.findMany({ where: { orderId }, select: { status: true, expiresAt: true } });
  const open = attempts.some(
    (p) =>
      p.status === "pending" ||
      p.status === "succeeded" ||
      (p.status === "declined" && (!p.expiresAt || p.expiresAt > by.now)),
  );
  if (attempts.length === 0 || open) return false;
  const cancelled = await transition(db, {
    orderId,
    from: "awaiting_payment",
    to: "cancelled",
    source: by.source,
    actor: by.actor,
    type: "payment_abandoned",
    message: "Payment abandoned: the checkout expired without a payment. Nothing was charged.",
    patch: { nextPollAt: null },
  });
  return cancelled !== null;
}

export type ExpiryReport = { expiredPayments: number; cancelledOrders: number };

/** Batch size per run; a backlog is worked off over the following runs. */
const BATCH = 200;

/** Expires pending payments past `expiresAt` and cancels the orders left with no open attempt. */
export async function expireAbandonedPayments(db: DbClient, now: Date): Promise<ExpiryReport> {
  const by = { source: "system" as const, now };
  let expiredPayments = 0;
  let cancelledOrders = 0;
  const due = await db.payment.findMany({
    where: { status: "pending", expiresAt: { lt: now } },
    select: { id: true },
    orderBy: { expiresAt: "asc" },
    take: BATCH,
  });
  for (const { id } of due) {
    const result = await expirePayment(db, id, by);
    if (result.expired) expiredPayments += 1;
    if (result.orderCancelled) cancelledOrders += 1;
  }
  // Orders whose last attempt was declined (or expired earlier) and whose window has now passed.
  const lapsed = await db.order.findMany({
    where: {
      status: "awaiting_payment",
      payments: {
        some: {},
        none: {
          OR: [
            { status: { in: ["pending", "succeeded"] } },
            { status: "declined", OR: [{ expiresAt: null }, { expiresAt: { gte: now } }] },
          ],
        },
      },
    },
    select: { id: true },
    take: BATCH,
  });
  for (const { id } of lapsed) if (await cancelIfAbandoned(db, id, by)) cancelledOrders += 1;
  return { expiredPayments, cancelledOrders };
}
