import type { DbClient } from "@/lib/db/create-client";
import type { Order } from "@/lib/db/generated/sqlite/client";
import type { EventSource } from "@/lib/db/generated/sqlite/enums";
import { logger } from "@/lib/log";
import { recordEvent } from "./lifecycle";

// What happens when an order the buyer paid the shop for ends failed or cancelled upstream:
// the buyer is refunded. The payments module owns refunds; it registers its function here
// (setFailedAfterPaymentHook) so the order core never imports it. Callers may also pass a hook
// per call (tests). Without any hook the order stays `failed` with "refund pending" for staff.

export type FailedAfterPaymentHook = (order: Order, context: { db: DbClient; source: EventSource; actor?: string }) => Promise<void>;

const registry = globalThis as unknown as { __orderFailedAfterPaymentHook?: FailedAfterPaymentHook };

/** Registered once per process by the payments module (kept on globalThis across module copies). */
export function setFailedAfterPaymentHook(hook: FailedAfterPaymentHook | undefined): void {
  registry.__orderFailedAfterPaymentHook = hook;
}

export function failedAfterPaymentHook(): FailedAfterPaymentHook | undefined {
  return registry.__orderFailedAfterPaymentHook;
}

export const REFUND_PENDING = "Refund pending.";

/**
 * Called right after an order moved to failed or cancelled. Only orders the shop took money
 * for (credits mode, paid) need a refund from the shop: with a payment link the upstream
 * refunds the buyer's card itself.
 */
export async function refundAfterFailure(
  db: DbClient,
  order: Order,
  context: { source: EventSource; actor?: string; hook?: FailedAfterPaymentHook },
): Promise<void> {
  if (order.upstreamMode !== "credits" || !order.paidAt) return;
  const hook = context.hook ?? failedAfterPaymentHook();
  if (!hook) {
    await recordEvent(db, { orderId: order.id, type: "refund_pending", source: context.source, actor: context.actor, message: "The order failed after payment: the payment is to be refunded (no refund handler is configured)." });
    return;
  }
  try {
    await hook(order, { db, source: context.source, actor: context.actor });
  } catch (error) {
    logger.error({ orderId: order.id, err: error instanceof Error ? error.message : String(error) }, "refund after a failed order did not go through");
    await recordEvent(db, { orderId: order.id, type: "refund_failed", source: context.source, actor: context.actor, message: "Automatic refund failed: staff must refund this order." });
  }
}
