import { setFailedAfterPaymentHook } from "@/lib/orders/hooks";
import { refundPayment } from "./refund";

// The order core calls this hook when an order the buyer paid for ends failed or cancelled
// upstream (lib/orders/hooks.ts): the buyer's payment is refunded and the order → refunded.
// Install it once per process that runs the order worker or takes webhooks.

export function installPaymentHooks(): void {
  setFailedAfterPaymentHook(async (order, { db, source, actor }) => {
    await refundPayment(db, order.id, { source, actor, reason: `the order ended ${order.status} upstream` });
  });
}
