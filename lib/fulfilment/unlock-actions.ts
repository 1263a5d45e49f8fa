import "server-only";
import type { DbClient } from "@/lib/db/create-client";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { UnlockClient } from "@/lib/upstream/unlock/client";
import { applyMapped } from "@/lib/orders/apply-mapped";
import { applyUnlockStatus } from "@/lib/orders/apply-upstream";
import { resolveClients } from "@/lib/orders/clients";
import { checkOrderConnection, OTHER_CONNECTION_NOTE } from "@/lib/orders/connections";
import { mergeFulfillment } from "@/lib/orders/fulfillment";
import { openFulfillmentForWrite, sealFulfillment } from "@/lib/orders/sealed-fulfillment";
import { FINAL_STATUSES, recordEvent } from "@/lib/orders/lifecycle";
import {
  CANCEL_WINDOW_PASSED_MESSAGE,
  CANCELLABLE_UNLOCK_STATUSES,
  cancelMsLeft,
} from "@/lib/products/unlock/cancel-window";
import { PRODUCT_VIEWS } from "@/lib/products/views";
import { mapUnlockStatus } from "@/lib/orders/upstream-status";
import { consume, type LimitRule } from "@/lib/security/rate-limit";

// What a buyer (order page) or a staff member (admin dashboard) may ask of a placed unlock
// order: cancel it inside the supplier's 10-minute window, make it ready now (force=nowait),
// and read its instructions again. Each request is checked against the actor, recorded as an
// OrderEvent with the actor's source, and never throws for an expected refusal: the result
// says what happened in words a buyer or staff member can read. An order these requests end
// (a cancel, a nowait answered "not available") owes the buyer's refund, written with the
// move (docs/orders.md "Refund after a failure").

export type UnlockActor = { source: "buyer" | "staff"; userId?: string | null };
/** `message` is English (staff, the timeline); `args` the values a buyer's translation of `code` needs. */
export type UnlockActionRefusal = { ok: false; code: string; message: string; args?: Record<string, string | number> };
export type UnlockActionResult = { ok: true } | UnlockActionRefusal;

export type UnlockActionOptions = {
  /** Default: the app's database. */
  db?: DbClient;
  /** Default: the app's unlocking client. */
  unlock?: UnlockClient;
  now?: Date;
};

type Ready = { db: DbClient; unlock: UnlockClient; order: Order; ticketId: number; actorId?: string };

const refuse = (code: string, message: string, args?: UnlockActionRefusal["args"]): UnlockActionRefusal =>
  args ? { ok: false, code, message, args } : { ok: false, code, message };

export const CODE_READY_MESSAGE =
  "Your unlock code is ready, so the order can no longer be cancelled. It is on this page.";

/** Cancels a placed unlock order (within 10 minutes of placement); the buyer is refunded. */
export async function cancelUnlockOrder(
  orderRef: string,
  actor: UnlockActor,
  options: UnlockActionOptions = {},
): Promise<UnlockActionResult> {
  const ready = await prepare(orderRef, actor, options);
  if ("ok" in ready) return ready;
  const { db, unlock, ticketId, actorId } = ready;
  let { order } = ready;
  if (order.status === "cancelled") return { ok: true };
  // A fresh look first: the code may have become ready since the page was drawn, and a cancel
  // the supplier would refuse is then not even asked. If the look fails, the
  // cancel's own answer decides.
  if (!FINAL_STATUSES.includes(order.status)) {
    try {
      const current = await unlock.checkOrderStatus(ticketId);
      await applyUnlockStatus(db, order.id, current, {
        source: actor.source,
        actor: actorId,
        unlock,
        now: options.now,
      });
      order = await db.order.findUniqueOrThrow({ where: { id: order.id } });
    } catch (error) {
      logger.warn(
        { orderId: order.id, err: error instanceof Error ? error.message : String(error) },
        "unlock cancel: status before cancelling not read",
      );
    }
  }
  if (order.status === "cancelled") return { ok: true };
  if (order.status === "fulfilled") return refuse("CODE_READY", CODE_READY_MESSAGE);
  if (FINAL_STATUSES.includes(order.status))
    return refuse("ORDER_FINAL", "This order is already finished and can no longer be cancelled.");
  if (order.upstreamStatus && !CANCELLABLE_UNLOCK_STATUSES.includes(order.upstreamStatus)) {
    return refuse("NOT_CANCELLABLE", "The unlock is already being delivered and can no longer be cancelled.");
  }

  let status: string;
  try {
    ({ status } = await unlock.cancelOrder(ticketId));
  } catch (error) {
    const result = cancelRefusal(order, error, options.now);
    await recordEvent(db, {
      orderId: order.id,
      type: "cancel_refused",
      source: actor.source,
      actor: actorId,
      message: result.message,
      data: { code: result.code },
    });
    return result;
  }
  const mapped = mapUnlockStatus(status);
  await applyMapped(db, order, {
    mapped,
    raw: status,
    source: actor.source,
    actor: actorId,
    now: options.now,
  });
  if (mapped.status !== "cancelled") {
    logger.warn({ orderId: order.id, upstream: status }, "unlock cancel answered with a status other than canceled");
    return refuse("NOT_CANCELLED", `The supplier did not cancel the order (its status is now "${status}").`, {
      status,
    });
  }
  return { ok: true };
}

/** `force=nowait`: the supplier makes the order ready now (instructions or notavailable); the answer is applied. */
export async function forceUnlockNowait(
  orderRef: string,
  actor: UnlockActor,
  options: UnlockActionOptions = {},
): Promise<UnlockActionResult> {
  const ready = await prepare(orderRef, actor, options);
  if ("ok" in ready) return ready;
  const { db, unlock, order, ticketId, actorId } = ready;
  if (FINAL_STATUSES.includes(order.status)) return refuse("ORDER_FINAL", "This order is already finished.");
  try {
    const answer = await unlock.updateOrder(ticketId, { force: "nowait" });
    await recordEvent(db, {
      orderId: order.id,
      type: "unlock_nowait",
      source: actor.source,
      actor: actorId,
      message: `Asked the supplier to finish the order now: status ${answer.status}`,
      data: { upstreamStatus: answer.status },
    });
    await applyUnlockStatus(db, order.id, answer, {
      source: actor.source,
      actor: actorId,
      unlock,
      now: options.now,
    });
  } catch (error) {
    return upstreamRefusal(db, order, actor, actorId, "unlock_nowait_failed", error);
  }
  return { ok: true };
}

/**
 * The buyer's "Check now": the order's status read from the supplier at once and applied, beyond
 * the worker's schedule (lib/orders/schedule.ts). Limited per order, whoever asks: once every
 * 15 seconds and 12 times an hour, so the status calls stay within the spec's schedule plus the
 * early checks and these few.
 */
export const CHECK_NOW_LIMITS: readonly LimitRule[] = [
  { name: "unlock-check-now:order:1", points: 1, durationSeconds: 15 },
  { name: "unlock-check-now:order:2", points: 12, durationSeconds: 3_600 },
];

export type CheckNowResult = { ok: true; status: string } | (UnlockActionRefusal & { retryAfterSeconds?: number });

export async function checkUnlockNow(
  orderRef: string,
  actor: UnlockActor,
  options: UnlockActionOptions = {},
): Promise<CheckNowResult> {
  const ready = await prepare(orderRef, actor, options);
  if ("ok" in ready) return ready;
  const { db, unlock, order, ticketId, actorId } = ready;
  if (FINAL_STATUSES.includes(order.status)) return { ok: true, status: order.status };
  for (const rule of CHECK_NOW_LIMITS) {
    const verdict = await consume(db, rule, order.id);
    if (!verdict.allowed) {
      const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
      return {
        ok: false,
        code: "TOO_MANY_REQUESTS",
        message: `We just checked. You can check again in ${seconds} second${seconds === 1 ? "" : "s"}; this page also updates by itself.`,
        retryAfterSeconds: seconds,
      };
    }
  }
  try {
    const status = await unlock.checkOrderStatus(ticketId);
    await applyUnlockStatus(db, order.id, status, {
      source: actor.source,
      actor: actorId,
      unlock,
      now: options.now,
    });
    const fresh = await db.order.findUniqueOrThrow({ where: { id: order.id }, select: { status: true } });
    return { ok: true, status: fresh.status };
  } catch (error) {
    return upstreamRefusal(db, order, actor, actorId, "check_now_failed", error);
  }
}

/** Reads the instructions (`howto`) again and stores them on the order. */
export async function fetchUnlockInstructions(
  orderRef: string,
  actor: UnlockActor,
  options: UnlockActionOptions = {},
): Promise<UnlockActionResult> {
  const ready = await prepare(orderRef, actor, options);
  if ("ok" in ready) return ready;
  const { db, unlock, order, ticketId, actorId } = ready;
  let howto: string;
  try {
    ({ howto } = await unlock.orderInstructions(ticketId));
  } catch (error) {
    if (answered(error)?.status === 400) {
      return refuse(
        "INSTRUCTIONS_NOT_READY",
        "The instructions are not available yet: the supplier has not finished this unlock.",
      );
    }
    return upstreamRefusal(db, order, actor, actorId, "instructions_failed", error);
  }
  // The instructions carry the unlock code: stored sealed (sealed-fulfillment.ts).
  const fulfillment = sealFulfillment(
    mergeFulfillment(openFulfillmentForWrite(order.fulfillment), { instructions: howto }),
  );
  await db.order.update({ where: { id: order.id }, data: { fulfillment } });
  await recordEvent(db, {
    orderId: order.id,
    type: "instructions",
    source: actor.source,
    actor: actorId,
    message: "Unlock instructions read from the supplier",
  });
  // With the instructions in hand an order still shown in progress can complete now.
  if (!FINAL_STATUSES.includes(order.status)) {
    try {
      const status = await unlock.checkOrderStatus(ticketId);
      await applyUnlockStatus(db, order.id, status, {
        source: actor.source,
        actor: actorId,
        unlock,
        now: options.now,
      });
    } catch (error) {
      logger.warn(
        { orderId: order.id, err: error instanceof Error ? error.message : String(error) },
        "status after reading instructions not available: the worker will look again",
      );
    }
  }
  return { ok: true };
}

/** Finds the order, checks the actor may act on it and that it has a supplier ticket. */
async function prepare(
  orderRef: string,
  actor: UnlockActor,
  options: UnlockActionOptions,
): Promise<Ready | UnlockActionRefusal> {
  const db = options.db ?? (await import("@/lib/db")).db;
  const notFound = refuse("ORDER_NOT_FOUND", "We could not find that order.");
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(orderRef)) return notFound;
  const order = await db.order.findUnique({ where: { ref: orderRef } });
  if (!order) return notFound;

  if (actor.source === "staff") {
    const staff = actor.userId
      ? await db.user.findUnique({ where: { id: actor.userId }, select: { role: true, disabledAt: true } })
      : null;
    if (!staff || staff.disabledAt || staff.role === "customer") return refuse("FORBIDDEN", "Only staff can do this.");
  } else if (order.userId !== null && order.userId !== (actor.userId ?? null)) {
    // Someone else's order: the same answer as an unknown one (lib/orders/access.ts).
    return notFound;
  }
  if (!PRODUCT_VIEWS[order.productType].staff.unlockActions)
    return refuse("NOT_AN_UNLOCK_ORDER", "This is not an unlock order.");
  const ticketId = Number(order.upstreamOrderId);
  if (!order.upstreamOrderId || !Number.isSafeInteger(ticketId)) {
    return refuse("NOT_PLACED_YET", "The order has not reached the supplier yet. Please try again in a moment.");
  }
  const unlock = options.unlock ?? (await resolveClients()).unlock;
  // A ticket of another account: its id means another order through the current one.
  if (!(await checkOrderConnection(db, unlock, order)).current)
    return refuse("OTHER_CONNECTION", OTHER_CONNECTION_NOTE);
  return { db, unlock, order, ticketId, actorId: actor.userId ?? undefined };
}

/** Why the supplier refused a cancel, in the buyer's words. */
function cancelRefusal(order: Order, error: unknown, now = new Date()): UnlockActionRefusal {
  if (!answered(error)) {
    logger.warn(
      { orderId: order.id, err: error instanceof Error ? error.message : String(error) },
      "unlock cancel: no answer from the supplier",
    );
    return {
      ok: false,
      code: "UPSTREAM_UNAVAILABLE",
      message: "We could not reach the supplier to cancel. Please try again in a moment.",
    };
  }
  const refusal = answered(error)!;
  const windowPassed =
    /window|10 minutes/i.test(refusal.message) || (order.placedAt !== null && cancelMsLeft(order.placedAt, now) === 0);
  if (windowPassed) return { ok: false, code: "CANCEL_WINDOW_PASSED", message: CANCEL_WINDOW_PASSED_MESSAGE };
  return refuse("CANCEL_REFUSED", `The supplier refused to cancel this order: ${refusal.userMessage}`, {
    reason: refusal.userMessage,
  });
}

async function upstreamRefusal(
  db: DbClient,
  order: Order,
  actor: UnlockActor,
  actorId: string | undefined,
  type: string,
  error: unknown,
): Promise<UnlockActionRefusal> {
  const reachable = answered(error);
  const result = reachable
    ? refuse("UPSTREAM_REFUSED", `The supplier refused the request: ${reachable.userMessage}`, {
        reason: reachable.userMessage,
      })
    : refuse("UPSTREAM_UNAVAILABLE", "We could not reach the supplier. Please try again in a moment.");
  if (!reachable)
    logger.warn(
      { orderId: order.id, err: error instanceof Error ? error.message : String(error) },
      `${type}: no answer from the supplier`,
    );
  await recordEvent(db, {
    orderId: order.id,
    type,
    source: actor.source,
    actor: actorId,
    message: result.message,
    data: { code: result.code },
  });
  return result;
}

/** The upstream's definite refusal (an API error below 500), or null when it did not answer. */
function answered(error: unknown) {
  return isUpstreamError(error) && error.kind === "api" && (error.status ?? 400) < 500 ? error : null;
}
