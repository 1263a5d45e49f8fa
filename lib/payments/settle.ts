import type { DbClient } from "@/lib/db/create-client";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import {
  applyCommerceOrder as applyCommerceNews,
  applyUnlockStatus as applyUnlockNews,
  type ApplyCommerceOptions,
  type ApplyResult,
  type ApplyUnlockOptions,
} from "@/lib/orders/apply-upstream";
import { recordEvent } from "@/lib/orders/lifecycle";
import {
  placeOrder as placeWithUpstream,
  resumeOrder as resumeWithUpstream,
  type PlaceOptions,
} from "@/lib/orders/placement";
import { owesRefund, type RefundFailedOrder } from "@/lib/orders/refund-due";
import type { Order as CommerceOrder } from "@/lib/upstream/commerce/schemas";
import type { UnlockOrder } from "@/lib/upstream/unlock/schemas";
import { refundPayment } from "./refund";

// The buyer's money back when an order they paid the shop for ends failed or cancelled. The
// order core only notes that a refund is due (lib/orders/refund-due.ts); the order operations
// below are the core's, each followed by that refund. This is the one dependency direction
// between the two modules: payments imports the order core (and hands a paid order to
// placement here), the order core never imports payments. The worker, which is part of the
// core, gets refundFailedOrder as a parameter from lib/fulfilment/app-worker.ts.

/** Options of the operations below: `refundFailedOrder` only for tests that watch the refund instead of making it. */
export type SettleOptions = { refundFailedOrder?: RefundFailedOrder };

/** Refunds an order that owesRefund; a refund that does not go through is left on the timeline for staff. */
export const refundFailedOrder: RefundFailedOrder = async (db, order, { source, actor }) => {
  try {
    await refundPayment(db, order.id, { source, actor, reason: `the order ended ${order.status} upstream` });
  } catch (error) {
    logger.error(
      { orderId: order.id, err: error instanceof Error ? error.message : String(error) },
      "refund after a failed order did not go through",
    );
    await recordEvent(db, {
      orderId: order.id,
      type: "refund_failed",
      source,
      actor,
      message: "Automatic refund failed: staff must refund this order.",
    });
  }
};

/** Places a paid order with its upstream (lib/orders/placement.ts); the buyer is refunded if it fails. */
export async function placeOrder(
  db: DbClient,
  orderId: string,
  options: PlaceOptions & SettleOptions,
): Promise<Order | null> {
  const { refundFailedOrder: refund = refundFailedOrder, ...place } = options;
  const placed = await placeWithUpstream(db, orderId, place);
  // The order was claimed paid → placing by this call: failed or cancelled now means it ended here.
  if (placed && owesRefund(placed)) await refund(db, placed, { source: place.source, actor: place.actor });
  return placed;
}

/** Staff (or the worker) try a parked order again (lib/orders/placement.ts); the buyer is refunded if it fails. */
export async function resumeOrder(
  db: DbClient,
  orderId: string,
  options: Parameters<typeof resumeWithUpstream>[2] & SettleOptions,
): Promise<Order | null> {
  const { refundFailedOrder: refund = refundFailedOrder, ...resume } = options;
  const resumed = await resumeWithUpstream(db, orderId, resume);
  if (resumed && owesRefund(resumed)) await refund(db, resumed, { source: resume.source, actor: resume.actor });
  return resumed;
}

/** Commerce news applied to the local order (lib/orders/apply-upstream.ts); the buyer is refunded if it ended the order. */
export async function applyCommerceOrder(
  db: DbClient,
  upstreamOrder: CommerceOrder,
  options: ApplyCommerceOptions & SettleOptions,
): Promise<ApplyResult> {
  const { refundFailedOrder: refund = refundFailedOrder, ...apply } = options;
  return refundIfDue(db, await applyCommerceNews(db, upstreamOrder, apply), apply, refund);
}

/** An unlock order's status applied (lib/orders/apply-upstream.ts); the buyer is refunded if it ended the order. */
export async function applyUnlockStatus(
  db: DbClient,
  orderId: string,
  unlockOrder: UnlockOrder,
  options: ApplyUnlockOptions & SettleOptions,
): Promise<ApplyResult> {
  const { refundFailedOrder: refund = refundFailedOrder, ...apply } = options;
  return refundIfDue(db, await applyUnlockNews(db, orderId, unlockOrder, apply), apply, refund);
}

/** After applying news: refunds the order when the news ended it (ApplyResult.refundDue). */
export async function refundIfDue<T extends { orderId: string | null; refundDue?: boolean }>(
  db: DbClient,
  result: T,
  by: Parameters<RefundFailedOrder>[2],
  refund: RefundFailedOrder = refundFailedOrder,
): Promise<T> {
  if (result.refundDue && result.orderId)
    await refund(db, await db.order.findUniqueOrThrow({ where: { id: result.orderId } }), {
      source: by.source,
      actor: by.actor,
    });
  return result;
}
