import type { DbClient } from "@/lib/db/create-client";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { isUpstreamError } from "@/lib/upstream/errors";
import { applyCommerceOrder, applyUnlockStatus } from "./apply-upstream";
import type { UpstreamClients } from "./clients";
import { PRODUCT_MODULES } from "@/lib/products/registry";
import { readPlacement } from "./detail";
import { FINAL_STATUSES, transition } from "./lifecycle";
import { checkOrderConnection, OTHER_CONNECTION_NOTE } from "./connections";
import { BUYER_REASONS, CREDITS_RECHECK_MS } from "./placement-outcomes";
import { resumeOrder } from "./placement";
import { after, commercePollDelayMs } from "./schedule";

// The worker's look at an order that is with the upstream: read its status (never cached),
// apply it, and say when to look next. `next` undefined = keep what applying scheduled. Which
// API a product's status is read from, and how often, is the product's (its module's `polling`).

export type PollContext = {
  db: DbClient;
  clients: UpstreamClients;
  workerId: string;
  now: Date;
};

export type PollResult = { next?: Date | null; polled: boolean };

export async function pollOrder(ctx: PollContext, order: Order): Promise<PollResult> {
  if (!order.upstreamOrderId) return { next: null, polled: false };
  const attempts = order.pollAttempts + 1;
  const polling = PRODUCT_MODULES[order.productType].polling;
  if (!polling) return { next: null, polled: false };
  try {
    const connection = await checkOrderConnection(
      ctx.db,
      polling.api === "commerce" ? ctx.clients.commerce : ctx.clients.unlock,
      order,
    );
    if (!connection.current) return parkOnOtherConnection(ctx, order, connection.sentThrough);
    if (polling.api === "commerce") {
      const upstream = await ctx.clients.commerce.getOrder(order.upstreamOrderId);
      await applyCommerceOrder(ctx.db, upstream, {
        source: "worker",
        actor: ctx.workerId,
        now: ctx.now,
        connectionId: connection.connectionId,
      });
    } else {
      const status = await ctx.clients.unlock.checkOrderStatus(Number(order.upstreamOrderId));
      await applyUnlockStatus(ctx.db, order.id, status, {
        source: "worker",
        actor: ctx.workerId,
        unlock: ctx.clients.unlock,
        now: ctx.now,
      });
    }
  } catch (error) {
    logger.warn(
      { orderId: order.id, err: isUpstreamError(error) ? error.canonicalCode : String(error) },
      "order status poll failed: trying again later",
    );
    if (isUpstreamError(error) && error.kind === "api" && error.canonicalCode === "ORDER_NOT_FOUND") {
      return stopFollowing(
        ctx,
        order,
        `The supplier does not know order ${order.upstreamOrderId} (ORDER_NOT_FOUND): check the account and key.`,
        { code: "order_not_found" },
      );
    }
    const retryAfter = isUpstreamError(error) ? (error.retryAfterMs ?? 0) : 0;
    return { next: after(ctx.now, Math.max(delayFor(order, attempts, ctx.now), retryAfter)), polled: true };
  }
  const fresh = await ctx.db.order.findUniqueOrThrow({ where: { id: order.id } });
  return { next: nextPollAfterPoll(fresh, attempts, ctx.now), polled: true };
}

/** The shop now talks to another account than the one this order went to: staff follow it there. */
function parkOnOtherConnection(ctx: PollContext, order: Order, sentThrough: string | null): Promise<PollResult> {
  logger.warn({ orderId: order.id, sentThrough }, "order was placed through another upstream connection: not polled");
  return stopFollowing(ctx, order, `${OTHER_CONNECTION_NOTE} (supplier order ${order.upstreamOrderId})`, {
    code: "connection_changed",
    sentThrough,
  });
}

/** No more polling: a placed order waits for staff, with the note on its timeline. */
async function stopFollowing(
  ctx: PollContext,
  order: Order,
  staffNote: string,
  data: Prisma.InputJsonValue,
): Promise<PollResult> {
  if (order.status === "placed") {
    await transition(ctx.db, {
      orderId: order.id,
      from: "placed",
      to: "needs_attention",
      source: "worker",
      actor: ctx.workerId,
      message: staffNote,
      data,
      patch: { statusReason: BUYER_REASONS.unknown_outcome, nextPollAt: null },
    });
  }
  return { next: null, polled: true };
}

export function nextPollAfterPoll(order: Order, attempts: number, now: Date): Date | null {
  if (FINAL_STATUSES.includes(order.status)) return null;
  return after(now, delayFor(order, attempts, now));
}

function delayFor(order: Order, attempts: number, now: Date): number {
  const polling = PRODUCT_MODULES[order.productType].polling;
  return polling ? polling.delayMs(order, attempts, now) : commercePollDelayMs(attempts);
}

/**
 * A commerce order parked for INSUFFICIENT_CREDITS resumes by itself once the balance covers
 * it (staff topped up): the balance is read every few minutes, quietly, no timeline noise.
 */
export async function recheckCredits(ctx: PollContext, order: Order): Promise<PollResult> {
  if (
    readPlacement(order.detail)?.parked !== "insufficient_credits" ||
    PRODUCT_MODULES[order.productType].upstream.api !== "commerce"
  )
    return { next: null, polled: false };
  try {
    const balance = await ctx.clients.commerce.getBalance();
    if (balance.balance < (order.costAmount ?? order.retailAmount))
      return { next: after(ctx.now, CREDITS_RECHECK_MS), polled: false };
  } catch {
    return { next: after(ctx.now, CREDITS_RECHECK_MS), polled: false };
  }
  await resumeOrder(ctx.db, order.id, {
    source: "worker",
    actor: ctx.workerId,
    leaseOwner: ctx.workerId,
    clients: ctx.clients,
    now: ctx.now,
    message: "The supplier balance now covers the order: placing it again",
  });
  return { polled: false };
}
