import { randomUUID } from "node:crypto";
import type { DbClient } from "@/lib/db/create-client";
import type { Order } from "@/lib/db/generated/sqlite/client";
import type { EventSource } from "@/lib/db/generated/sqlite/enums";
import { logger } from "@/lib/log";
import { PRODUCT_MODULES } from "@/lib/products/registry";
import { isStopping, trackWork } from "@/lib/process/graceful-stop.mjs";
import { resolveClients, type UpstreamClients } from "./clients";
import { currentConnectionId } from "./connections";
import { readPlacement } from "./detail";
import { transition } from "./lifecycle";
import { placeCommerceOrder } from "./placement-commerce";
import { park, placementBlocked, withPlacement, type PlacementContext } from "./placement-outcomes";
import { placeImeiCheck, placeUnlockOrder } from "./placement-unlock";
import { after } from "./schedule";

// Placing a paid order with its upstream. `placeOrder` claims `paid → placing` with a
// conditional transition (of ten concurrent callers, one wins; the others get null), holds a
// lease on the order while it talks to the upstream, and leaves the order due for
// reconciliation if the process dies mid-call: the worker finds it in `placing` once the
// lease lapses and looks it up before any new attempt (placement-commerce.ts).

export type PlaceOptions = {
  source: EventSource;
  actor?: string;
  /** Default: the app's clients. */
  clients?: Partial<UpstreamClients>;
  /** Scheduling clock (the worker's); default now. */
  now?: Date;
  /** Who holds the order meanwhile; the worker passes its id. */
  leaseOwner?: string;
  leaseMs?: number;
};

/**
 * Longer than any single upstream call (unlock create_order may take 45 s): another worker
 * must not reconcile an order whose create is still in flight. Waits before the call (request
 * budget, a 409's Retry-After) can add to that, so the lease is also renewed while the call
 * runs (renewLease).
 */
export const PLACEMENT_LEASE_MS = 90_000;

export function placeOrder(db: DbClient, orderId: string, options: PlaceOptions): Promise<Order | null> {
  // A stopping process starts no create it may not see answered: the order stays paid, due at
  // once for the next worker. One already started is waited for (lib/process/graceful-stop.mjs).
  if (isStopping()) return Promise.resolve(null);
  return trackWork(claimAndPlace(db, orderId, options));
}

async function claimAndPlace(db: DbClient, orderId: string, options: PlaceOptions): Promise<Order | null> {
  const now = options.now ?? new Date();
  const order = await db.order.findUnique({ where: { id: orderId }, select: { status: true, upstreamMode: true } });
  if (!order || order.status !== "paid") return null;
  if (order.upstreamMode === "payment_link") {
    // The buyer pays the upstream's checkout for these; the shop never spends credits on them.
    logger.warn({ orderId }, "placeOrder called for a payment-link order: ignored");
    return null;
  }
  const owner = options.leaseOwner ?? `place:${randomUUID()}`;
  const leaseUntil = after(now, options.leaseMs ?? PLACEMENT_LEASE_MS);
  const claimed = await transition(db, {
    orderId,
    from: "paid",
    to: "placing",
    source: options.source,
    actor: options.actor,
    message: "Placing the order with the supplier",
    // Due for reconciliation as soon as the lease lapses, should this process die meanwhile.
    patch: { leaseOwner: owner, leaseUntil, nextPollAt: leaseUntil },
  });
  if (!claimed) return null;
  return placeHolding(db, claimed, owner, { ...options, now });
}

/** Places a claimed order, then gives the lease back; answers the order as it now is. */
async function placeHolding(
  db: DbClient,
  claimed: Order,
  owner: string,
  options: PlaceOptions & { now: Date; acceptCurrentPrice?: boolean },
): Promise<Order> {
  const stopRenewing = renewLease(db, claimed.id, owner, {
    leaseMs: options.leaseMs ?? PLACEMENT_LEASE_MS,
    now: options.now,
  });
  try {
    await continuePlacement(db, claimed, options);
  } finally {
    await stopRenewing();
    await db.order.updateMany({
      where: { id: claimed.id, leaseOwner: owner },
      data: { leaseOwner: null, leaseUntil: null },
    });
  }
  return db.order.findUniqueOrThrow({ where: { id: claimed.id } });
}

/**
 * Keeps the lease of an order while its placement runs. One call can outlast any fixed lease (a
 * budget wait, then a 409 rate-limit wait, then unlock create_order's 45 s timeout): without
 * renewal another worker takes the order as abandoned and parks it while the create is still
 * in flight, and the create's answer no longer lands. So the lease is extended every third of
 * its length, only while `owner` still holds it; a process that dies stops renewing, and the
 * order is reconciled once the last renewal lapses. The new end is on the caller's scheduling
 * clock (`now` plus the real time elapsed), as the claim was. Answers a stop function that
 * waits for a renewal in flight, so none lands after the lease is given back.
 */
export function renewLease(
  db: DbClient,
  orderId: string,
  owner: string,
  options: { leaseMs: number; now: Date },
): () => Promise<void> {
  const started = Date.now();
  let inFlight: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(
    () => {
      if (stopped) return;
      const leaseUntil = new Date(options.now.getTime() + (Date.now() - started) + options.leaseMs);
      inFlight = db.order
        .updateMany({ where: { id: orderId, leaseOwner: owner }, data: { leaseUntil } })
        .then((renewed) => {
          if (renewed.count > 0 || stopped) return;
          // Someone else holds the order now; whatever the call answers is still recorded (recordLateAnswer).
          stopped = true;
          clearInterval(timer);
          logger.warn({ orderId, owner }, "order placement: the lease was lost while the upstream call runs");
        })
        .catch((error: unknown) =>
          logger.warn(
            { orderId, owner, err: error instanceof Error ? error.message : String(error) },
            "order placement: renewing the lease failed",
          ),
        );
    },
    Math.max(Math.floor(options.leaseMs / 3), 50),
  );
  timer.unref?.();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  };
}

/** Works on an order that is `placing` (just claimed, or left there by a crash or a lost answer). */
export async function continuePlacement(
  db: DbClient,
  order: Order,
  options: PlaceOptions & { now: Date; acceptCurrentPrice?: boolean },
): Promise<Order | null> {
  const clients = await resolveClients(options.clients);
  const base = { db, clients, source: options.source, actor: options.actor, now: options.now };
  let connectionId: string;
  try {
    connectionId = await currentConnectionId(db, clients, order.productType);
  } catch (error) {
    // The credential cannot be resolved (removed, OAuth grant gone): like any failed call.
    return placementBlocked({ ...base, connectionId: "" }, order, error);
  }
  const ctx: PlacementContext = { ...base, connectionId, acceptCurrentPrice: options.acceptCurrentPrice };
  // A create may have reached another account (the shop switched keys or accounts since): a
  // re-send through this one would place a second order there, so staff look instead.
  const placement = readPlacement(order.detail);
  if (
    placement &&
    (placement.state === "sending" || placement.state === "unknown") &&
    order.upstreamConnectionId !== connectionId
  ) {
    return park(
      ctx,
      order,
      "connection_changed",
      "This order may have been sent through an upstream connection that is no longer the current one: check it with that account before retrying or refunding.",
      {
        sentThrough: order.upstreamConnectionId,
        current: connectionId,
      },
    );
  }
  const product = PRODUCT_MODULES[order.productType];
  if (product.upstream.api === "commerce") return placeCommerceOrder(ctx, order, product.upstream);
  // Of the unlocking API's products, one that is followed after placement (its module's
  // `polling`) is an order with a ticket; one that is not is answered when placed (a check).
  return product.polling ? placeUnlockOrder(ctx, order) : placeImeiCheck(ctx, order);
}

/**
 * Staff (or the worker, once the credit balance covers it) try a parked order again:
 * `needs_attention → placing`, then the same placement. Only for orders that have no upstream
 * order yet. `acceptCurrentPrice`: place even though the supplier's price rose.
 * `supplierHasNone`: staff checked the supplier's control panel and found no order or charge
 * for it. An order whose earlier create may have been sent (a crash, a lost answer) is parked
 * rather than sent again: the unlocking API cannot look an order up, and a commerce lookup
 * that found nothing proves nothing (GET /orders lists completed orders only, and the documents
 * define no idempotency key). This is the human answer to that question, so the earlier
 * attempt is recorded as never sent.
 */
export async function resumeOrder(
  db: DbClient,
  orderId: string,
  options: PlaceOptions & { acceptCurrentPrice?: boolean; message?: string; supplierHasNone?: boolean },
): Promise<Order | null> {
  const now = options.now ?? new Date();
  const current = await db.order.findUnique({ where: { id: orderId } });
  if (!current || current.status !== "needs_attention" || current.upstreamOrderId) return null;
  const previous = readPlacement(current.detail);
  const unclear = previous?.state === "sending" || previous?.state === "unknown";
  if (unclear && !options.supplierHasNone) return null;
  const owner = options.leaseOwner ?? `resume:${randomUUID()}`;
  const leaseUntil = after(now, options.leaseMs ?? PLACEMENT_LEASE_MS);
  const claimed = await transition(db, {
    orderId,
    from: "needs_attention",
    to: "placing",
    source: options.source,
    actor: options.actor,
    message: options.message ?? "Trying the order again",
    patch: {
      leaseOwner: owner,
      leaseUntil,
      nextPollAt: leaseUntil,
      statusReason: null,
      ...(unclear
        ? {
            detail: withPlacement(current.detail, {
              ...previous!,
              state: "not_sent",
              parked: undefined,
              lookups: undefined,
            }),
          }
        : {}),
    },
    // Not while someone else holds the order: a refund claims a parked order with its lease
    // (lib/payments/refund.ts) so that it is never placed while the buyer is being paid back.
    where: {
      OR: [
        { leaseUntil: null },
        { leaseUntil: { lt: now } },
        ...(options.leaseOwner ? [{ leaseOwner: options.leaseOwner }] : []),
      ],
    },
  });
  if (!claimed) return null;
  return placeHolding(db, claimed, owner, { ...options, now });
}
