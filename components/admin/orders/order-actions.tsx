import { ConfirmAction } from "@/components/admin/shared/confirm-action";
import { Card, CardTitle } from "@/components/ui/card";
import type { StaffFormAction } from "@/lib/admin/action-state";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { placementUnclear } from "@/lib/orders/detail";
import { canTransition, FINAL_STATUSES } from "@/lib/orders/lifecycle";
import { CANCELLABLE_UNLOCK_STATUSES, cancelMsLeft } from "@/lib/products/unlock/cancel-window";
import { PRODUCT_VIEWS } from "@/lib/products/views";

/** The order's staff actions, each a server action the page hands over. */
export type StaffOrderActions = {
  refresh: StaffFormAction;
  retryPlacement: StaffFormAction;
  unlockNowait: StaffFormAction;
  unlockCancel: StaffFormAction;
  unlockInstructions: StaffFormAction;
  resendReceipt: StaffFormAction;
  refund: StaffFormAction;
};

/**
 * The staff actions for the order; each asks for confirmation. Those that do not apply to the
 * order as it is now are disabled with the reason. The server checks the same conditions again
 * (the page may be stale). Which actions a product has is its view's (lib/products/views.ts).
 */
export function OrderActions({
  order,
  hasPayment,
  now,
  actions,
}: {
  order: Order;
  hasPayment: boolean;
  now: Date;
  actions: StaffOrderActions;
}) {
  const hidden = { orderId: order.id };
  const staff = PRODUCT_VIEWS[order.productType].staff;
  const canRefresh = Boolean(order.upstreamOrderId) && staff.refresh;
  const canRetry = order.status === "needs_attention" && !order.upstreamOrderId;
  const canRefund = hasPayment && canTransition(order.status, "refunded");
  const placedUnlock = staff.unlockActions && Boolean(order.upstreamOrderId);
  const unlockOpen = placedUnlock && !FINAL_STATUSES.includes(order.status);
  // The supplier decides in the end; the button is offered while the window looks open.
  const canCancelUnlock =
    unlockOpen &&
    !!order.placedAt &&
    cancelMsLeft(order.placedAt, now) > 0 &&
    (!order.upstreamStatus || CANCELLABLE_UNLOCK_STATUSES.includes(order.upstreamStatus));
  return (
    <Card>
      <CardTitle>Actions</CardTitle>
      <div className="mt-3 flex flex-wrap items-start gap-3">
        {staff.refresh ? (
          <ConfirmAction
            action={actions.refresh}
            unavailable={canRefresh ? null : "Not placed with the supplier yet."}
            hidden={hidden}
            label="Refresh from supplier"
            title="Refresh this order from the supplier?"
            description="The order's status is read from the supplier now and applied, as a poll would. It may move the order on."
            confirmLabel="Refresh now"
            pendingText="Asking the supplier…"
          />
        ) : null}
        <ConfirmAction
          action={actions.retryPlacement}
          unavailable={canRetry ? null : "Only for orders that need attention and never reached the supplier."}
          hidden={hidden}
          label="Retry placement"
          title="Place this order with the supplier again?"
          description={retryDescription(order)}
          confirmLabel="Place again"
          pendingText="Placing…"
        />
        {staff.unlockActions ? (
          <ConfirmAction
            action={actions.unlockNowait}
            unavailable={
              unlockOpen ? null : placedUnlock ? "The unlock is finished." : "Not placed with the supplier yet."
            }
            hidden={hidden}
            label="Finish now (nowait)"
            title="Ask the supplier to finish this unlock now?"
            description="Sends force=nowait: the supplier stops waiting and answers now, with the unlock (available) or not available, which refunds the buyer."
            confirmLabel="Finish now"
            pendingText="Asking the supplier…"
          />
        ) : null}
        {staff.unlockActions ? (
          <ConfirmAction
            action={actions.unlockCancel}
            unavailable={
              canCancelUnlock ? null : "Only within 10 minutes of placement, while the supplier has not started."
            }
            hidden={hidden}
            danger
            label="Cancel unlock"
            title="Cancel this unlock at the supplier?"
            description="Allowed within 10 minutes of placement. The supplier's credits are returned and the buyer is refunded."
            confirmLabel="Cancel the unlock"
            pendingText="Cancelling…"
          />
        ) : null}
        {staff.unlockActions ? (
          <ConfirmAction
            action={actions.unlockInstructions}
            unavailable={placedUnlock ? null : "Not placed with the supplier yet."}
            hidden={hidden}
            label="Fetch instructions"
            title="Read the unlock instructions again?"
            description="The instructions are read from the supplier and stored on the order (only once the unlock is available)."
            confirmLabel="Fetch instructions"
            pendingText="Reading…"
          />
        ) : null}
        <ConfirmAction
          action={actions.resendReceipt}
          hidden={hidden}
          label="Resend receipt"
          title="Send the receipt again?"
          description={`The receipt goes to ${order.customerEmail}.`}
          confirmLabel="Send receipt"
          pendingText="Sending…"
        />
        <ConfirmAction
          action={actions.refund}
          unavailable={
            canRefund
              ? null
              : hasPayment
                ? `An order that is ${order.status.replace("_", " ")} cannot be refunded.`
                : "No payment to refund."
          }
          hidden={hidden}
          danger
          label="Mark refunded"
          title="Refund the buyer?"
          description="The payment is refunded through its provider (counter payments: hand the money back) and the order is marked refunded. This cannot be undone."
          confirmLabel="Refund"
          pendingText="Refunding…"
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`reason-${order.id}`} className="text-sm font-medium">
              Reason (kept in the timeline and audit log)
            </label>
            <input
              id={`reason-${order.id}`}
              name="reason"
              required
              minLength={3}
              maxLength={300}
              className="h-10 rounded-lg border border-border bg-surface px-3 text-sm"
            />
          </div>
        </ConfirmAction>
      </div>
    </Card>
  );
}

/** What "Retry placement" risks: an earlier create that may have reached the supplier is checked by staff first. */
function retryDescription(order: Order): string {
  const blind = PRODUCT_VIEWS[order.productType].staff.blindRetry;
  if (blind) return blind;
  if (placementUnclear(order.detail)) {
    return "An earlier attempt may have reached the supplier: its answer was lost, and the shop's lookup found nothing it could be sure of (the timeline says what it found). Check the supplier's control panel first. Place again only if it shows no order and no credit debit for this order: otherwise the supplier is paid twice. Credits are spent if it succeeds.";
  }
  return "The supplier has no order for it yet: no earlier attempt reached it. Credits are spent if it succeeds.";
}
