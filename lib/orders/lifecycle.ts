import type { DbClient } from "@/lib/db/create-client";
import type { EventSource, OrderStatus } from "@/lib/db/generated/sqlite/enums";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { queueOrderMail } from "@/lib/mail/order-mails";
import { oweRefund, owesRefund } from "./refund-due";

// The one order lifecycle for all five products (docs/orders.md "Order core"):
//   awaiting_payment → paid → placing → placed → fulfilled
// plus failed, cancelled, refunded and needs_attention (staff must act). Every change of
// status goes through `transition`, a conditional update: of two racing callers only one moves
// the order. In the same transaction each move appends an OrderEvent, queues the buyer's mail
// about it (lib/mail/order-mails.ts) and, when it ends an order the buyer paid the shop for,
// writes the refund owed (refund-due.ts, docs/orders.md "Refund after a failure").

const REFUND_LISTENERS = Symbol.for("relay.orders.refundOwedListeners");

export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  awaiting_payment: ["paid", "placed", "cancelled", "needs_attention"],
  paid: ["placing", "needs_attention", "refunded", "cancelled"],
  placing: ["placed", "fulfilled", "failed", "needs_attention"],
  placed: ["fulfilled", "failed", "cancelled", "needs_attention", "refunded"],
  needs_attention: ["placing", "placed", "fulfilled", "failed", "cancelled", "refunded"],
  fulfilled: ["refunded"],
  failed: ["refunded", "needs_attention"],
  cancelled: ["refunded"],
  refunded: [],
};

/** Statuses after which nothing more happens upstream (the worker stops polling). */
export const FINAL_STATUSES: readonly OrderStatus[] = ["fulfilled", "failed", "cancelled", "refunded"];

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export type TransitionInput = {
  orderId: string;
  /** The statuses the caller expects the order to be in now; anything else and nothing happens. */
  from: OrderStatus | readonly OrderStatus[];
  to: OrderStatus;
  source: EventSource;
  /** Staff user id, worker id, webhook event id … */
  actor?: string;
  /** Event type for the timeline; defaults to "status". */
  type?: string;
  message?: string;
  data?: Prisma.InputJsonValue;
  /** Other order fields to set in the same update (upstream ids, fulfillment, timestamps …). */
  patch?: Prisma.OrderUpdateManyMutationInput;
  /**
   * Further conditions the row must meet, checked in the same conditional update (e.g. that
   * nobody else holds the order's lease): a row that does not meet them is "not in an
   * expected status" (null).
   */
  where?: Prisma.OrderWhereInput;
};

/**
 * Moves an order from one of `from` to `to` and records the event, atomically. Returns the
 * updated order, or null when the order was not in an expected status (someone else got there
 * first): callers treat null as "nothing to do", never as an error.
 */
export async function transition(db: DbClient, input: TransitionInput): Promise<Order | null> {
  const from = typeof input.from === "string" ? [input.from] : [...input.from];
  for (const status of from) {
    if (!canTransition(status, input.to))
      throw new Error(`order lifecycle: ${status} → ${input.to} is not a valid move`);
  }
  const moved = await db.$transaction(async (tx) => {
    const current = await tx.order.findUnique({ where: { id: input.orderId }, select: { status: true } });
    if (!current || !from.includes(current.status)) return null;
    // Conditional on the status just read: of two racing callers, one updates and one gets 0.
    const updated = await tx.order.updateMany({
      where: { id: input.orderId, status: current.status, ...(input.where ? { AND: [input.where] } : {}) },
      data: { ...input.patch, status: input.to },
    });
    if (updated.count === 0) return null;
    const order = await tx.order.findUniqueOrThrow({ where: { id: input.orderId } });
    await tx.orderEvent.create({
      data: {
        orderId: input.orderId,
        type: input.type ?? "status",
        fromStatus: current.status,
        toStatus: input.to,
        source: input.source,
        actor: input.actor,
        message: input.message,
        data: input.data,
      },
    });
    await queueOrderMail(tx, order, current.status, input.to);
    const refundOwed = owesRefund(order) && (await oweRefund(tx, order.id));
    return { order, refundOwed };
  });
  if (moved?.refundOwed) for (const listener of refundListeners) listener();
  return moved?.order ?? null;
}

// Kept on globalThis: one process may load this module more than once (Next.js bundles the
// instrumentation that starts the worker apart from the routes that move orders).
const holder = globalThis as { [REFUND_LISTENERS]?: Set<() => void> };
const refundListeners = (holder[REFUND_LISTENERS] ??= new Set());

/**
 * Calls `listener` after each transition in this process that wrote a refund owed (the worker
 * wakes up to make it sooner); returns the unsubscribe. The refund row alone guarantees the refund.
 */
export function onRefundOwed(listener: () => void): () => void {
  refundListeners.add(listener);
  return () => refundListeners.delete(listener);
}

/** A timeline entry that does not change the status (payment declined, upstream progress …). */
export async function recordEvent(
  db: DbClient,
  event: {
    orderId: string;
    type: string;
    source: EventSource;
    actor?: string;
    message?: string;
    data?: Prisma.InputJsonValue;
  },
): Promise<void> {
  await db.orderEvent.create({ data: event });
}
