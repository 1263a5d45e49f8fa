import type { DbClient } from "@/lib/db/create-client";
import type { EventSource } from "@/lib/db/generated/sqlite/enums";
import { logger } from "@/lib/log";
import type { Order as CommerceOrder } from "@/lib/upstream/commerce/schemas";
import type { UnlockClient } from "@/lib/upstream/unlock/client";
import type { UnlockOrder } from "@/lib/upstream/unlock/schemas";
import { resolveClients } from "./clients";
import { COMMERCE_PRODUCT_TYPES, PRODUCT_MODULES } from "@/lib/products/registry";
import { commerceFulfillment, type OrderFulfillment } from "./fulfillment";
import { openFulfillment } from "./sealed-fulfillment";
import { applyMapped } from "./apply-mapped";
import { FINAL_STATUSES, transition } from "./lifecycle";
import { BUYER_REASONS, ID_CONFLICT, unlessIdTaken } from "./placement-outcomes";
import { mapCommerceStatus, mapUnlockStatus } from "./upstream-status";

// Upstream news about an order (a webhook, a poll, a create answer) applied to the local
// order: the raw status kept, the fulfillment fields stored, the lifecycle moved per
// upstream-status.ts. Idempotent (the same news twice changes nothing and records nothing) and
// safe out of order (news older than what the order shows never moves it back).

export type ApplyOptions = {
  source: Extract<EventSource, "worker" | "webhook" | "staff">;
  actor?: string;
  now?: Date;
};

/**
 * `anomaly`: the news contradicted the order's final status; it is on the timeline for staff and changed nothing else.
 */
export type ApplyResult = { orderId: string | null; changed: boolean; anomaly?: true };

/** Where commerce news came through: news applies only to orders placed through the same connection. */
export type ApplyCommerceOptions = ApplyOptions & { connectionId: string | null };

/**
 * Applies a parsed commerce order record (GET /orders/{id}, a GET /orders row, or the `data`
 * of a webhook event). Finds the local order by (connection, upstream order id), or, for a
 * payment-link checkout whose order id is new, by its checkout hash on the same connection.
 * `orderId: null` = no local order of that connection matches (yet): an order still being
 * reconciled learns its id from the create replay. Upstream ids are unique only within one
 * connection, so news never lands on an order placed through another one.
 */
export async function applyCommerceOrder(
  db: DbClient,
  upstreamOrder: CommerceOrder,
  options: ApplyCommerceOptions,
): Promise<ApplyResult> {
  const { connectionId, ...applyOptions } = options;
  if (!connectionId) return { orderId: null, changed: false };
  let order = await db.order.findFirst({
    where: {
      upstreamConnectionId: connectionId,
      upstreamOrderId: upstreamOrder.order_id,
      productType: { in: [...COMMERCE_PRODUCT_TYPES] },
    },
  });
  let learnedOrderId = false;
  if (!order && upstreamOrder.checkout_hash) {
    order = await db.order.findFirst({
      where: { checkoutHash: upstreamOrder.checkout_hash, upstreamConnectionId: connectionId },
    });
    learnedOrderId = Boolean(order && !order.upstreamOrderId);
    if (order && order.upstreamOrderId && order.upstreamOrderId !== upstreamOrder.order_id) {
      logger.warn({ orderId: order.id }, "checkout hash matches an order with another upstream order id: ignored");
      return { orderId: order.id, changed: false };
    }
  }
  if (!order) return { orderId: null, changed: false };

  const mapped = mapCommerceStatus(
    upstreamOrder.status,
    order.upstreamMode === "payment_link" ? "payment_link" : "credits",
  );
  const result = await unlessIdTaken(
    applyMapped(db, order, {
      mapped,
      raw: upstreamOrder.status,
      fulfillment: commerceFulfillment(upstreamOrder),
      incomingUpdatedAt: upstreamOrder.updated_at ?? undefined,
      learned: learnedOrderId
        ? {
            upstreamOrderId: upstreamOrder.order_id,
            costMinor: upstreamOrder.credits_used ?? upstreamOrder.total ?? null,
            costCurrency: upstreamOrder.currency ?? null,
          }
        : undefined,
      ...applyOptions,
    }),
  );
  if (result === ID_CONFLICT) {
    // A paid checkout whose new order id another order of this connection holds: staff look.
    await transition(db, {
      orderId: order.id,
      from: ["awaiting_payment", "paid"],
      to: "needs_attention",
      source: applyOptions.source,
      actor: applyOptions.actor,
      message: `The supplier reports order ${upstreamOrder.order_id} for this checkout, but another order placed through the same connection already has that id. Nothing was written to either order: check it with the supplier.`,
      data: { code: "upstream_id_conflict", upstreamOrderId: upstreamOrder.order_id },
      patch: { statusReason: BUYER_REASONS.upstream_id_conflict, nextPollAt: null },
    });
    return { orderId: order.id, changed: true };
  }
  return {
    orderId: order.id,
    changed: result.changed,
    ...(result.anomaly && { anomaly: true as const }),
  };
}

// Unlock news may also come from a buyer's or staff member's own request (cancel, nowait:
// lib/fulfilment/unlock-actions.ts), so any event source is allowed here.
export type ApplyUnlockOptions = Omit<ApplyOptions, "source"> & {
  source: EventSource;
  /** To fetch the instructions of an available order (default: the app's client). */
  unlock?: UnlockClient;
};

/**
 * Applies an unlock order's status (check_order_status). `available` fetches the instructions
 * first: the order is fulfilled only with them in hand; if they cannot be read now it stays in
 * progress and the next poll tries again. `notavailable`, `error` and `canceled` end it (and
 * owe the buyer's refund: refund-due.ts).
 */
export async function applyUnlockStatus(
  db: DbClient,
  orderId: string,
  unlockOrder: UnlockOrder,
  options: ApplyUnlockOptions,
): Promise<ApplyResult> {
  const order = await db.order.findUnique({ where: { id: orderId } });
  if (!order) return { orderId: null, changed: false };
  if (PRODUCT_MODULES[order.productType].polling?.api !== "unlock")
    throw new Error(`applyUnlockStatus: order ${orderId} is a ${order.productType} order`);

  let mapped = mapUnlockStatus(unlockOrder.status);
  const fulfillment: OrderFulfillment = {};
  const current = openFulfillment(order.fulfillment);
  // A final order is not fulfilled by news any more (applyMapped records a conflict): no fetch.
  if (mapped.status === "fulfilled" && !current.instructions && !FINAL_STATUSES.includes(order.status)) {
    try {
      const unlock = options.unlock ?? (await resolveClients()).unlock;
      fulfillment.instructions = (await unlock.orderInstructions(unlockOrder.ticketId)).howto;
    } catch (error) {
      logger.warn(
        { orderId, err: error instanceof Error ? error.message : String(error) },
        "unlock instructions not readable yet: the order stays in progress",
      );
      mapped = { status: "placed", known: true };
    }
  }
  const result = await applyMapped(db, order, { mapped, raw: unlockOrder.status, fulfillment, ...options });
  return {
    orderId,
    changed: result.changed,
    ...(result.anomaly && { anomaly: true as const }),
  };
}
