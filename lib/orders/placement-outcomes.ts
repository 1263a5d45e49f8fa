import type { DbClient } from "@/lib/db/create-client";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import type { EventSource } from "@/lib/db/generated/sqlite/enums";
import { isUniqueViolation } from "@/lib/db/errors";
import { logger } from "@/lib/log";
import { PRODUCT_MODULES } from "@/lib/products/registry";
import { isUpstreamError, type UpstreamError } from "@/lib/upstream/errors";
import type { UpstreamClients } from "./clients";
import { asObject, readPlacement, type Placement } from "./detail";
import { recordEvent, transition } from "./lifecycle";
import { owesRefund, REFUND_PENDING } from "./refund-due";
import { after, reconcileDelayMs } from "./schedule";

// The ways a placement attempt can end, shared by commerce, unlock and IMEI check placement.
// Every one starts from `placing` through `transition`, so a racing caller cannot double up.

export type PlacementContext = {
  db: DbClient;
  clients: UpstreamClients;
  source: EventSource;
  actor?: string;
  /** Base of every schedule computed here (the worker's clock). */
  now: Date;
  /** Staff resuming an order after the price moved: place at today's price. */
  acceptCurrentPrice?: boolean;
  /** The upstream connection this attempt goes through (connections.ts): recorded on the order before sending. */
  connectionId: string;
};

/** Why an order waits for staff; `insufficient_credits` resumes by itself once the balance covers it. */
export type ParkCode =
  | "insufficient_credits"
  | "price_moved"
  | "setup"
  | "unknown_outcome"
  | "idempotency_conflict"
  | "bad_detail"
  | "stale_attempt"
  | "upstream_id_conflict"
  | "connection_changed"
  | "retries_exhausted";

export const BUYER_REASONS: Record<ParkCode, string> = {
  insufficient_credits:
    "Your order is paid and will be completed shortly: the shop is topping up its balance with the supplier. Our staff have been notified. Nothing is charged twice.",
  price_moved:
    "The supplier's price went up after you paid. Our staff have been notified and will complete the order or refund you.",
  setup: "The shop cannot reach its supplier right now. Our staff have been notified and will complete your order.",
  unknown_outcome:
    "We could not confirm the order with the supplier. Our staff have been notified and will complete it or refund you; nothing is charged twice.",
  idempotency_conflict:
    "We could not confirm the order with the supplier. Our staff have been notified and will complete it or refund you; nothing is charged twice.",
  bad_detail: "We could not process this order. Our staff have been notified and will complete it or refund you.",
  stale_attempt:
    "We could not confirm the order with the supplier. Our staff have been notified and will complete it or refund you; nothing is charged twice.",
  upstream_id_conflict:
    "We could not confirm the order with the supplier. Our staff have been notified and will complete it or refund you; nothing is charged twice.",
  connection_changed:
    "We could not confirm the order with the supplier. Our staff have been notified and will complete it or refund you; nothing is charged twice.",
  retries_exhausted:
    "The supplier could not be reached for a while. Our staff have been notified and will complete your order or refund you; nothing is charged twice.",
};

/**
 * Tries at placing one order (each send or re-send counts) before it waits for staff instead:
 * with reconcileDelayMs' backoff, eight tries span about 45 minutes.
 */
export const MAX_PLACEMENT_ATTEMPTS = 8;

/** How often a parked INSUFFICIENT_CREDITS order checks the balance. */
export const CREDITS_RECHECK_MS = 5 * 60_000;

/** placing → needs_attention: staff must act (the buyer's money is kept, no refund). */
export async function park(
  ctx: PlacementContext,
  order: Order,
  code: ParkCode,
  staffNote: string,
  data?: Prisma.InputJsonValue,
  placementNow?: Placement,
): Promise<Order | null> {
  const placement = placementNow ?? readPlacement(order.detail);
  return transition(ctx.db, {
    orderId: order.id,
    from: "placing",
    to: "needs_attention",
    source: ctx.source,
    actor: ctx.actor,
    message: staffNote,
    data: { code, ...(asObject(data) as object) },
    patch: {
      statusReason: BUYER_REASONS[code],
      // Commerce has a balance endpoint, so such an order resumes by itself once it is topped up.
      nextPollAt:
        code === "insufficient_credits" && PRODUCT_MODULES[order.productType].upstream.api === "commerce"
          ? after(ctx.now, CREDITS_RECHECK_MS)
          : null,
      detail: withPlacement(
        order.detail,
        placement
          ? { ...placement, parked: code }
          : { state: "not_sent", sentAt: ctx.now.toISOString(), attempts: 0, parked: code },
      ),
    },
  });
}

/** placing → failed, the buyer's refund owed (refund-due.ts). Only for definite "not placed" answers. */
export async function fail(
  ctx: PlacementContext,
  order: Order,
  reason: string,
  data?: Prisma.InputJsonValue,
  patch: Prisma.OrderUpdateManyMutationInput = {},
): Promise<Order | null> {
  const refundDue = owesRefund({ ...order, status: "failed" });
  return transition(ctx.db, {
    orderId: order.id,
    from: "placing",
    to: "failed",
    source: ctx.source,
    actor: ctx.actor,
    message: reason,
    data,
    patch: { statusReason: refundDue ? `${reason} ${REFUND_PENDING}` : reason, nextPollAt: null, ...patch },
  });
}

/**
 * Stays `placing`; the worker looks again later, backing off (reconciliation). After
 * MAX_PLACEMENT_ATTEMPTS tries the order waits for staff instead of retrying for ever.
 */
export async function retryLater(
  ctx: PlacementContext,
  order: Order,
  note: string,
  placement: Placement | null,
  error?: UpstreamError,
): Promise<Order | null> {
  const attempts = placement?.attempts ?? 0;
  if (attempts >= MAX_PLACEMENT_ATTEMPTS) {
    return park(
      ctx,
      order,
      "retries_exhausted",
      `${note} Gave up after ${attempts} tries: look at the supplier's status, then retry the order.`,
      { code: error?.canonicalCode ?? null, attempts },
      placement ?? undefined,
    );
  }
  const nextPollAt = after(ctx.now, Math.max(reconcileDelayMs(Math.max(attempts - 1, 0)), error?.retryAfterMs ?? 0));
  await ctx.db.order.updateMany({
    where: { id: order.id, status: "placing" },
    data: { nextPollAt, ...(placement ? { detail: withPlacement(order.detail, placement) } : {}) },
  });
  await recordEvent(ctx.db, {
    orderId: order.id,
    type: "placement_retry",
    source: ctx.source,
    actor: ctx.actor,
    message: note,
    data: { code: error?.canonicalCode ?? null, nextPollAt: nextPollAt.toISOString() },
  });
  return ctx.db.order.findUniqueOrThrow({ where: { id: order.id } });
}

/**
 * Records the attempt in `detail.placement` while the order is still `placing`, with the
 * connection it is about to be sent through: after a crash, news and re-sends must use that one.
 */
export async function savePlacement(ctx: PlacementContext, order: Order, placement: Placement): Promise<Order> {
  const detail = withPlacement(order.detail, placement);
  const saved = await ctx.db.order.updateMany({
    where: { id: order.id, status: "placing" },
    data: { detail, upstreamConnectionId: ctx.connectionId },
  });
  if (saved.count === 0) throw new Error(`order ${order.id} is no longer placing`);
  return { ...order, detail: detail as Order["detail"], upstreamConnectionId: ctx.connectionId };
}

/** What a write that would store a taken upstream id yields instead of throwing. */
export const ID_CONFLICT: unique symbol = Symbol("upstream id conflict");

/** Runs a write that stores an upstream id; ID_CONFLICT when another order of the connection holds it. */
export async function unlessIdTaken<T>(write: Promise<T>): Promise<T | typeof ID_CONFLICT> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) return ID_CONFLICT;
    throw error;
  }
}

/**
 * The upstream answered with an id that another order of the same connection already holds
 * (a sandbox that was wiped, an account that reuses ids): never written onto either order.
 * The answer is kept on this order's timeline for staff, who check it with the supplier.
 */
export async function parkIdConflict(
  ctx: PlacementContext,
  order: Order,
  upstreamOrderId: string,
  placement: Placement,
): Promise<Order | null> {
  logger.error(
    { orderId: order.id, upstreamOrderId, connectionId: ctx.connectionId },
    "the supplier answered with an order id another order of this connection holds",
  );
  const parked = await park(
    ctx,
    order,
    "upstream_id_conflict",
    `The supplier answered with order ${upstreamOrderId}, which another order placed through the same connection already has. Nothing was written to either order: check ${upstreamOrderId} with the supplier before retrying or refunding.`,
    { upstreamOrderId },
    { ...placement, state: "answered" },
  );
  // Left placing meanwhile: the id still goes onto this order's timeline.
  return parked ?? recordLateAnswer(ctx, order, upstreamOrderId, placement);
}

/**
 * The supplier answered a create with an order or ticket id, but the order is no longer
 * `placing`, so the placement's own transition did not happen: its lease was lost during a
 * long call and another worker parked it, or staff acted. Credits are spent on that id, and the
 * unlocking API cannot find a ticket without it, so it must never be lost: it is logged at error
 * level, written into `detail.placement.upstreamOrderId` and onto the timeline whatever the
 * status, and stored as `upstreamOrderId` when the order has none and the id is free on this
 * connection (which also stops a staff "Retry" from creating a second one). The status is left
 * as it is: whoever moved the order decided, and staff see the id on the order page.
 */
export async function recordLateAnswer(
  ctx: PlacementContext,
  order: Order,
  upstreamOrderId: string,
  placement: Placement,
): Promise<Order | null> {
  const current = await ctx.db.order.findUnique({ where: { id: order.id } });
  if (current?.upstreamOrderId === upstreamOrderId) return current; // already known (e.g. a replay found it): nothing was lost
  logger.error(
    { orderId: order.id, upstreamOrderId, connectionId: ctx.connectionId, status: current?.status ?? null },
    "the supplier answered a create after the order left placing: its id is recorded on the order",
  );
  if (!current) return null;
  const detail = withPlacement(current.detail, {
    ...(readPlacement(current.detail) ?? placement),
    upstreamOrderId,
    answeredAt: new Date().toISOString(),
  });
  let stored = false;
  if (!current.upstreamOrderId) {
    const written = await unlessIdTaken(
      ctx.db.order.updateMany({
        where: {
          id: order.id,
          upstreamOrderId: null,
          OR: [{ upstreamConnectionId: null }, { upstreamConnectionId: ctx.connectionId }],
        },
        data: { upstreamOrderId, upstreamConnectionId: ctx.connectionId, detail },
      }),
    );
    stored = written !== ID_CONFLICT && written.count > 0;
  }
  if (!stored) await ctx.db.order.update({ where: { id: order.id }, data: { detail } });
  await recordEvent(ctx.db, {
    orderId: order.id,
    type: "late_answer",
    source: ctx.source,
    actor: ctx.actor,
    message:
      `The supplier answered with ${upstreamOrderId} after this order had left placing (it is ${current.status} now); ` +
      (stored
        ? "it is recorded as this order's upstream order. "
        : "it could NOT be stored as this order's upstream order (the order has one, or another order holds that id). ") +
      `The supplier charged for it: check ${upstreamOrderId} with the supplier before retrying or refunding.`,
    data: { upstreamOrderId, stored, status: current.status },
  });
  return ctx.db.order.findUnique({ where: { id: order.id } });
}

export function withPlacement(detail: unknown, placement: Placement & { parked?: string }): Prisma.InputJsonValue {
  return { ...asObject(detail), placement } as Prisma.InputJsonValue;
}

/** The credential could not even be resolved: the same outcomes as a call that failed before sending. */
export async function placementBlocked(ctx: PlacementContext, order: Order, error: unknown): Promise<Order | null> {
  logPlacementError(order, "connection", error);
  const placement = readPlacement(order.detail);
  if (classify(error) === "retry")
    return retryLater(
      ctx,
      order,
      "The supplier connection could not be resolved; trying again shortly.",
      {
        ...(placement ?? { state: "not_sent", sentAt: ctx.now.toISOString() }),
        attempts: (placement?.attempts ?? 0) + 1,
      },
      isUpstreamError(error) ? error : undefined,
    );
  return park(
    ctx,
    order,
    "setup",
    `The shop's supplier credentials could not be used (${isUpstreamError(error) ? error.canonicalCode : "error"}).`,
    errorData(error),
  );
}

export type ErrorClass = "retry" | "unknown" | "insufficient_credits" | "setup" | "idempotency_conflict" | "refused";

/**
 * What an upstream error means for a paid order. `retry`: nothing reached the upstream (or it
 * did not act): try again later. `unknown`: sent, outcome unknown. `refused`: a definite "not
 * placed" about this order (bad number, invalid token …): fail and refund.
 */
export function classify(error: unknown): ErrorClass {
  if (!isUpstreamError(error)) return "retry";
  if (error.kind === "unknown_outcome") return "unknown";
  if (error.canonicalCode === "INSUFFICIENT_CREDITS") return "insufficient_credits";
  if (error.canonicalCode === "IDEMPOTENCY_KEY_REUSED") return "idempotency_conflict";
  if (error.kind === "config") return error.code === "INVALID_INPUT" ? "refused" : "setup";
  if (error.retryable || error.kind === "network" || error.kind === "timeout" || error.kind === "validation")
    return "retry";
  if (error.kind === "api" && (error.status === 401 || error.status === 403 || error.canonicalCode === "WRONG_ACCESS"))
    return "setup";
  return "refused";
}

export function errorData(error: unknown): Prisma.InputJsonValue {
  if (!isUpstreamError(error)) return { error: error instanceof Error ? error.message : String(error) };
  return {
    kind: error.kind,
    code: error.canonicalCode,
    status: error.status ?? null,
    requestId: error.requestId ?? null,
  };
}

export function logPlacementError(order: Order, step: string, error: unknown): void {
  logger.warn(
    { orderId: order.id, productType: order.productType, step, ...(errorData(error) as object) },
    "order placement: upstream error",
  );
}
