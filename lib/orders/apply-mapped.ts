import type { DbClient } from "@/lib/db/create-client";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import type { EventSource, OrderStatus } from "@/lib/db/generated/sqlite/enums";
import { logger } from "@/lib/log";
import { mergeFulfillment, sameJson, type OrderFulfillment } from "./fulfillment";
import { hasSecretsInClear, openFulfillmentForWrite, sealFulfillment } from "./sealed-fulfillment";
import { canTransition, FINAL_STATUSES, transition } from "./lifecycle";
import { owesRefund, REFUND_PENDING } from "./refund-due";
import { after, commercePollDelayMs, MANUAL_REVISION_POLL_MS } from "./schedule";
import type { MappedStatus } from "./upstream-status";

// The engine behind applyCommerceOrder / applyUnlockStatus and the create answer: given what
// the upstream says (already mapped onto the lifecycle), move the order forward only.

/** How far along an order is. News that would move it to a lower rank is stale and ignored. */
const RANK: Record<OrderStatus, number> = {
  awaiting_payment: 0,
  paid: 1,
  placing: 2,
  placed: 3,
  needs_attention: 4,
  fulfilled: 5,
  failed: 5,
  cancelled: 5,
  refunded: 5,
};

export type MappedInput = {
  mapped: MappedStatus;
  /** The upstream status exactly as sent, kept in `upstreamStatus`. */
  raw: string;
  fulfillment?: OrderFulfillment;
  /** The record's own `updated_at`: a record older than the last one applied is ignored. */
  incomingUpdatedAt?: string;
  /** A payment-link order learning its upstream order id (and price) with this record. */
  learned?: { upstreamOrderId: string; costMinor: number | null; costCurrency: string | null };
  source: EventSource;
  actor?: string;
  now?: Date;
};

/**
 * `anomaly`: the news contradicted the order's final status: it was recorded for staff (an
 * `upstream_anomaly` event) and changed nothing else.
 */
export type MappedResult = { changed: boolean; order: Order; anomaly?: true };

/** The timeline event of upstream news that contradicts a final order (see conflictsWithFinal). */
export const UPSTREAM_ANOMALY_EVENT = "upstream_anomaly";

export async function applyMapped(db: DbClient, order: Order, input: MappedInput, depth = 0): Promise<MappedResult> {
  const now = input.now ?? new Date();
  // Compared and merged opened; stored sealed (codes, LPA strings, instructions: sealed-fulfillment.ts).
  const current = openFulfillmentForWrite(order.fulfillment);
  if (isOlderRecord(current, input)) return { changed: false, order };
  // Final states are final: news that names another final status is recorded for staff and
  // changes nothing else (no status, fulfilment fields, refund or mail) — docs/orders.md.
  if (isFinalNews(order, input.mapped)) {
    return conflictsWithFinal(order, input.mapped) ? recordAnomaly(db, order, input) : { changed: false, order };
  }
  // "processing" after "fulfilled", "awaiting_payment" after the checkout was paid …
  if (RANK[input.mapped.status] < RANK[order.status]) return { changed: false, order };

  const merged = mergeFulfillment(current, input.fulfillment ?? {});
  // A row written before sealing is sealed by its next write, even if nothing else changed.
  const fulfillmentChanged = !sameJson(merged, current) || hasSecretsInClear(order.fulfillment);
  const fulfillment = sealFulfillment(merged);
  const statusChanged = input.raw !== order.upstreamStatus;
  const path = moveTo(order.status, input.mapped);

  if (path) {
    let moved: Order | null = order;
    for (const [index, to] of path.entries()) {
      moved = await transition(db, {
        orderId: order.id,
        from: moved!.status,
        to,
        source: input.source,
        actor: input.actor,
        message: messageFor(input),
        data: { upstreamStatus: input.raw },
        patch: {
          upstreamStatus: input.raw,
          fulfillment,
          ...(index === 0 && input.learned ? learnedPatch(input.learned, now) : {}),
          ...statusPatch(moved!, to, input, now),
        },
      });
      if (!moved) {
        // Someone else moved it meanwhile (a webhook racing a poll): look again from there.
        if (depth >= 3) return { changed: index > 0, order };
        const fresh = await db.order.findUniqueOrThrow({ where: { id: order.id } });
        const again = await applyMapped(db, fresh, input, depth + 1);
        return {
          changed: index > 0 || again.changed,
          order: again.order,
          ...(again.anomaly && { anomaly: true as const }),
        };
      }
    }
    return { changed: true, order: moved! };
  }

  if (!statusChanged && !fulfillmentChanged && !input.learned) return { changed: false, order };

  // Same lifecycle status, new details (e.g. top-up delivery status, eSIM balance): a
  // conditional update, so of two racing copies of the same news only one writes and records.
  const updated = await db.$transaction(async (tx) => {
    const result = await tx.order.updateMany({
      where: { id: order.id, status: order.status, upstreamStatus: order.upstreamStatus, updatedAt: order.updatedAt },
      data: {
        upstreamStatus: input.raw,
        fulfillment,
        ...(input.learned && !order.upstreamOrderId ? { upstreamOrderId: input.learned.upstreamOrderId } : {}),
      },
    });
    if (result.count === 0) return null;
    if (statusChanged) {
      await tx.orderEvent.create({
        data: {
          orderId: order.id,
          type: "upstream_status",
          source: input.source,
          actor: input.actor,
          message: `Supplier status: ${input.raw}`,
          data: { upstreamStatus: input.raw },
        },
      });
    }
    return tx.order.findUniqueOrThrow({ where: { id: order.id } });
  });
  if (!updated) {
    if (depth >= 3) return { changed: false, order };
    const fresh = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    return applyMapped(db, fresh, input, depth + 1);
  }
  return { changed: true, order: updated };
}

/** A record older (by its own `updated_at`) than the last one applied: superseded, ignored. */
function isOlderRecord(current: OrderFulfillment, input: MappedInput): boolean {
  if (!input.incomingUpdatedAt || !current.upstreamUpdatedAt) return false;
  const incoming = Date.parse(input.incomingUpdatedAt);
  const seen = Date.parse(current.upstreamUpdatedAt);
  return Number.isFinite(incoming) && Number.isFinite(seen) && incoming < seen;
}

/** News of another final status for a final order: never applied (final states are final). */
function isFinalNews(order: Pick<Order, "status">, mapped: MappedStatus): boolean {
  return (
    FINAL_STATUSES.includes(order.status) && FINAL_STATUSES.includes(mapped.status) && mapped.status !== order.status
  );
}

/**
 * Whether such news contradicts what the supplier did: it delivered the order (it was fulfilled
 * here at some point, `fulfilledAt`) or it did not. `order.failed` after `order.fulfilled`, or
 * `available` for an unlock that failed, contradicts it; `order.fulfilled` for an order staff
 * refunded after delivery, or `failed` for a failed order the buyer was refunded for, does not
 * (refunded is the shop's own state of the buyer's money). News of an earlier stage
 * ("processing" after "fulfilled") is a late delivery and ignored as stale.
 */
export function conflictsWithFinal(order: Pick<Order, "status" | "fulfilledAt">, mapped: MappedStatus): boolean {
  if (!isFinalNews(order, mapped)) return false;
  const delivered = order.status === "fulfilled" || order.fulfilledAt !== null;
  return delivered !== (mapped.status === "fulfilled");
}

/**
 * Records the contradicting news on the order's timeline for staff, once per upstream status
 * (the same news again, by webhook or poll, adds nothing), and touches nothing else.
 */
async function recordAnomaly(db: DbClient, order: Order, input: MappedInput): Promise<MappedResult> {
  logger.warn(
    { orderId: order.id, local: order.status, upstream: input.raw, source: input.source },
    "upstream reports another final status than the local order: kept, recorded for staff",
  );
  const data = {
    upstreamStatus: input.raw,
    upstreamMeans: input.mapped.status,
    localStatus: order.status,
    source: input.source,
  };
  await db.$transaction(async (tx) => {
    const earlier = await tx.orderEvent.findMany({
      where: { orderId: order.id, type: UPSTREAM_ANOMALY_EVENT },
      select: { data: true },
    });
    if (earlier.some((e) => (e.data as { upstreamStatus?: unknown } | null)?.upstreamStatus === input.raw)) return;
    await tx.orderEvent.create({
      data: {
        orderId: order.id,
        type: UPSTREAM_ANOMALY_EVENT,
        source: input.source,
        actor: input.actor,
        message: `The supplier now reports "${input.raw}" (${input.mapped.status}) for this ${order.status} order. Final statuses are kept: nothing was changed. Check the order with the supplier.`,
        data,
      },
    });
  });
  // The order itself did not change: `changed` stays false; `anomaly` says what happened.
  return { changed: false, order, anomaly: true };
}

/** The lifecycle steps from `from` to what the upstream says, or null when nothing should move. */
function moveTo(from: OrderStatus, mapped: MappedStatus): OrderStatus[] | null {
  const to = mapped.status;
  if (to === from || FINAL_STATUSES.includes(from) || RANK[to] <= RANK[from]) return null;
  if (canTransition(from, to)) return [to];
  if (canTransition(from, "placed") && canTransition("placed", to)) return ["placed", to];
  return null;
}

function learnedPatch(learned: NonNullable<MappedInput["learned"]>, now: Date): Prisma.OrderUpdateManyMutationInput {
  return {
    upstreamOrderId: learned.upstreamOrderId,
    // A payment-link buyer paid the upstream's checkout: that is the order's payment.
    paidAt: now,
    ...(learned.costMinor !== null
      ? { costAmount: learned.costMinor, costCurrency: learned.costCurrency ?? "EUR" }
      : {}),
  };
}

function statusPatch(
  order: Order,
  to: OrderStatus,
  input: MappedInput,
  now: Date,
): Prisma.OrderUpdateManyMutationInput {
  switch (to) {
    case "placed":
      return { placedAt: order.placedAt ?? now, pollAttempts: 0, nextPollAt: after(now, commercePollDelayMs(0)) };
    case "fulfilled":
      return { fulfilledAt: now, nextPollAt: null, statusReason: null };
    case "needs_attention":
      // Only upstream-caused attention arrives here (MANUAL_REVISION): keep an eye on it.
      return { statusReason: input.mapped.reason ?? null, nextPollAt: after(now, MANUAL_REVISION_POLL_MS) };
    case "failed":
    case "cancelled": {
      const reason = input.mapped.reason ?? "The supplier could not complete the order.";
      return {
        statusReason: owesRefund({ ...order, status: to }) ? `${reason} ${REFUND_PENDING}` : reason,
        nextPollAt: null,
      };
    }
    case "refunded":
      return { statusReason: input.mapped.reason ?? null, nextPollAt: null };
    default:
      return {};
  }
}

function messageFor(input: MappedInput): string {
  const reason = input.mapped.reason ? ` ${input.mapped.reason}` : "";
  return `Supplier status: ${input.raw}.${reason}`.trim();
}
