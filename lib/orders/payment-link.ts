import type { DbClient } from "@/lib/db/create-client";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { UpstreamError } from "@/lib/upstream/errors";
import type { CommerceClient } from "@/lib/upstream/commerce/client";
import { applyCommerceOrder } from "./apply-upstream";
import { resolveClients } from "./clients";
import { connectionIdFor, recordIdempotencyHonoured } from "@/lib/upstream/connection/registry";
import { OTHER_CONNECTION_NOTE } from "./connections";
import { asObject } from "./detail";
import { queuePaymentLinkMail } from "@/lib/mail/order-mails";
import { commerceUpstreamOf } from "@/lib/products/registry";
import { recordEvent, transition } from "./lifecycle";
import { BUYER_REASONS } from "./placement-outcomes";
import { after, checkoutPollDelayMs, MINUTE } from "./schedule";

// Payment-link mode (COMMERCE_CHECKOUT_MODE=payment_link): the upstream order is created
// BEFORE the buyer pays, as a hosted checkout. The buyer is sent to `payment_link`; the
// `checkout_hash` stays on the server (Order.checkoutHash, never in detail or a page). The
// order id is learned from `GET /orders?checkout_hash=` (the worker polls) or a webhook. C§4's
// create answer names only `payment_link`: the client then reads the hash from the link
// (checkoutHashOf, lib/upstream/commerce/schemas/orders.ts); without one the buyer is not sent
// to a checkout the shop could not follow (nothing is paid to anyone).

export type PaymentLink = { paymentLink: string; expiresAt: string | null };

/**
 * Grace after the checkout's expiry before the local order is cancelled: clock skew, a late pay,
 * and C§4's order list shows "completed orders", so a checkout paid just before its expiry may
 * show only once its order is fulfilled.
 */
const EXPIRY_GRACE_MS = 30 * MINUTE;

/**
 * The checkout's lifetime when the create answer gives no `expires_at` (C§4 names none; the
 * notes' answer has it): the local order is cancelled this long after the checkout was made.
 */
export const ASSUMED_CHECKOUT_TTL_MS = 24 * 60 * MINUTE;

export async function startPaymentLinkOrder(
  db: DbClient,
  orderId: string,
  options: { commerce?: CommerceClient; now?: Date } = {},
): Promise<PaymentLink> {
  const now = options.now ?? new Date();
  const order = await db.order.findUnique({ where: { id: orderId } });
  const upstream = order && commerceUpstreamOf(order.productType);
  if (!order || order.upstreamMode !== "payment_link" || !upstream) {
    throw new Error(`order ${orderId} is not a commerce payment-link order`);
  }
  const stored = storedLink(order);
  if (stored) return stored;
  if (order.status !== "awaiting_payment") throw notPayable();

  const body = upstream.body(order.detail, "payment_link", order.locale);
  if (!body) throw new Error(`order ${orderId}: no ${order.productType} request can be built from its detail`);
  const commerce = options.commerce ?? (await resolveClients()).commerce;
  const connectionId = await connectionIdFor(db, await commerce.connection());
  await commerce.previewOrder(body);
  // The same key on every attempt (a refresh, a second tab): the upstream replays the same checkout.
  const created = await commerce.createOrder(body, { idempotencyKey: order.idempotencyKey });
  // A replayed checkout shows the connection honours the key (placement may then re-send with it).
  if (created.replayed) await recordIdempotencyHonoured(db, connectionId);
  if (!created.payment_link || !created.checkout_hash) {
    throw new UpstreamError({
      api: "commerce",
      kind: "validation",
      code: "INVALID_RESPONSE",
      message:
        "payment-link create answered without a payment_link, or without a checkout_hash in the answer or in the link",
    });
  }

  const link: PaymentLink = { paymentLink: created.payment_link, expiresAt: created.expires_at ?? null };
  // The buyer's mail with the way back to pay, in the same transaction as the checkout it is about.
  const saved = await db.$transaction(async (tx) => {
    const stored = await tx.order.updateMany({
      where: { id: order.id, status: "awaiting_payment", checkoutHash: null },
      data: {
        checkoutHash: created.checkout_hash,
        upstreamConnectionId: connectionId,
        upstreamStatus: created.status ?? null,
        costAmount: created.total ?? order.costAmount,
        costCurrency: (created.currency ?? order.costCurrency ?? "EUR").toUpperCase(),
        detail: {
          ...asObject(order.detail),
          paymentLink: link.paymentLink,
          checkoutExpiresAt: link.expiresAt,
          placement: { state: "answered", sentAt: now.toISOString(), body, attempts: 1 },
        } as Prisma.InputJsonValue,
        pollAttempts: 0,
        nextPollAt: after(now, checkoutPollDelayMs(0)),
      },
    });
    if (stored.count === 1) await queuePaymentLinkMail(tx, order, link.expiresAt, now);
    return stored;
  });
  if (saved.count === 0) {
    // A concurrent call stored the (same, replayed) checkout first.
    const again = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    return storedLink(again) ?? link;
  }
  await recordEvent(db, {
    orderId: order.id,
    type: "checkout_created",
    source: "buyer",
    message: "Sent to the supplier's checkout to pay",
  });
  return link;
}

/** Worker: has the buyer paid the hosted checkout? Then the order is placed (and followed). */
export async function pollCheckout(
  db: DbClient,
  order: Order,
  options: { commerce: CommerceClient; now: Date; actor?: string },
): Promise<{ nextPollAt?: Date | null }> {
  // `nextPollAt` undefined: keep what applying the news scheduled.
  if (!order.checkoutHash) return { nextPollAt: null };
  const connectionId = await connectionIdFor(db, await options.commerce.connection());
  if (order.upstreamConnectionId !== connectionId) {
    // The checkout belongs to another account than the one connected now: it cannot be asked.
    await transition(db, {
      orderId: order.id,
      from: "awaiting_payment",
      to: "needs_attention",
      source: "worker",
      actor: options.actor,
      message: OTHER_CONNECTION_NOTE,
      data: { code: "connection_changed", sentThrough: order.upstreamConnectionId },
      patch: { statusReason: BUYER_REASONS.connection_changed, nextPollAt: null },
    });
    return { nextPollAt: null };
  }
  const page = await options.commerce.listOrderRows({ checkout_hash: order.checkoutHash, limit: 1 });
  // Only a row that names this checkout (C§2: `checkout_hash` is an order field) is this order's;
  // a row without its status is read again whole (C§4: GET /orders/{id} has the status).
  const row = page.items.find((item) => item.checkout_hash === order.checkoutHash);
  if (row) {
    const paid = row.status ? { ...row, status: row.status } : await options.commerce.getOrder(row.order_id);
    await applyCommerceOrder(
      db,
      { ...paid, checkout_hash: order.checkoutHash },
      { source: "worker", actor: options.actor, now: options.now, connectionId },
    );
    return {};
  }
  const expiresAt = checkoutExpiry(order);
  if (Number.isFinite(expiresAt) && options.now.getTime() > expiresAt + EXPIRY_GRACE_MS) {
    await transition(db, {
      orderId: order.id,
      from: "awaiting_payment",
      to: "cancelled",
      source: "worker",
      actor: options.actor,
      message: "The supplier's payment link expired unpaid",
      patch: {
        upstreamStatus: "expired",
        statusReason: "The payment link expired before it was paid.",
        nextPollAt: null,
      },
    });
    return { nextPollAt: null };
  }
  return { nextPollAt: after(options.now, checkoutPollDelayMs(order.pollAttempts)) };
}

/** The checkout's `expires_at`, else ASSUMED_CHECKOUT_TTL_MS after it was made; NaN when neither is known. */
function checkoutExpiry(order: Order): number {
  const detail = asObject(order.detail);
  const stated = Date.parse(String(detail.checkoutExpiresAt ?? ""));
  if (Number.isFinite(stated)) return stated;
  return Date.parse(String(asObject(detail.placement).sentAt ?? "")) + ASSUMED_CHECKOUT_TTL_MS;
}

function storedLink(order: Order): PaymentLink | null {
  const detail = asObject(order.detail);
  if (!order.checkoutHash || typeof detail.paymentLink !== "string") return null;
  return {
    paymentLink: detail.paymentLink,
    expiresAt: typeof detail.checkoutExpiresAt === "string" ? detail.checkoutExpiresAt : null,
  };
}

function notPayable(): UpstreamError {
  return new UpstreamError({
    api: "commerce",
    kind: "config",
    code: "ORDER_NOT_PAYABLE",
    message: "order is not awaiting payment",
    userMessage: "This order can no longer be paid.",
  });
}
