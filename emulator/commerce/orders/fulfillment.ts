import { taskKind } from "../../core/scheduler";
import { frozen } from "../../core/state-records";
import type { SimulatedOutcome } from "../priced-product";
import { accountById } from "../auth";
import { refundCredits } from "./credits";
import type { OrdersDeps } from "./deps";
import { appleInstallUrl, iccidFor, lpaString, newMatchingId, newQrTicketId, qrSignature } from "./esim-provisioning";
import { newRedemptionCode, redemptionUrl } from "./giftcard-redemption";
import type { Order } from "./records";
import { ESIM_ACTIVATION_AFTER_MS, fulfillmentDelayMs } from "./timings";
import { emitOrderEvent } from "./webhook-delivery";

// The background fulfillment simulation (spec sections 3 and 6): every order, sandbox or
// production (the emulator is the sandbox of the whole service), ends a few seconds of
// emulator time after it exists. The product's outcome and, for top-ups, the phone's decide how.

/** The worse of the product's and the phone's outcome: fail, then manual revision, then fulfil. */
export function decideOutcome(deps: OrdersDeps, order: Order): SimulatedOutcome {
  const outcomes: SimulatedOutcome[] = [order.request.product.outcome];
  if (order.request.phone) outcomes.push(deps.catalog().outcomeForPhone(order.request.phone));
  if (outcomes.includes("fail")) return "fail";
  if (outcomes.includes("manual_revision")) return "manual_revision";
  return "fulfill";
}

/** The scheduled end of a processing order (a task, so it survives a restart). */
const FULFILLMENT = taskKind<{ orderId: string }>("commerce.fulfillment");

export function registerFulfillmentTask(deps: OrdersDeps): void {
  deps.ctx.scheduler.handle(FULFILLMENT, ({ orderId }) => {
    // Still processing: a control settle may have come first (and a reset drops the task).
    const order = deps.state.orders.get(orderId);
    if (order?.status === "processing") settleOrder(deps, order, decideOutcome(deps, order));
  });
}

export function scheduleFulfillment(deps: OrdersDeps, order: Order): void {
  const delay = fulfillmentDelayMs(order.type, deps.ctx.config.realistic);
  deps.ctx.scheduler.after(delay, FULFILLMENT, { orderId: order.orderId }, `commerce fulfillment ${order.orderId}`);
}

function fulfil(deps: OrdersDeps, order: Order, now: number): void {
  const { ctx, state } = deps;
  if (order.type === "topup") order.deliveryStatus = "delivered";
  if (order.type === "giftcard") {
    const code = newRedemptionCode();
    order.giftcard = { redemptionCode: code, redemptionUrl: redemptionUrl(ctx.config.publicUrl, code) };
  }
  if (order.type === "esim" && !order.esim) {
    const iccid = iccidFor(order.seq);
    const lpa = lpaString(newMatchingId());
    const ticket = newQrTicketId();
    order.esim = {
      iccid,
      lpaString: lpa,
      installUrl: appleInstallUrl(lpa),
      qrTicketId: ticket,
      qrSig: qrSignature(state.qrKey, ticket),
    };
    state.qrTickets.set(ticket, order.orderId);
    state.lines.set(iccid, {
      iccid,
      orderId: order.orderId,
      accountId: order.accountId,
      environment: order.environment,
      product: order.request.product,
      provisionedAt: now,
      activatesAt: now + ESIM_ACTIVATION_AFTER_MS,
      topupsCount: 0,
      snapshot: null,
    });
  }
  order.status = "fulfilled";
  order.fulfilledAt = now;
  order.failureReason = null;
  emitOrderEvent(deps, "order.fulfilled", order);
}

function failOrder(deps: OrdersDeps, order: Order, now: number): void {
  order.status = "failed";
  order.failedAt = now;
  if (order.type === "topup") order.deliveryStatus = "failed";
  order.failureReason = "The provider rejected the order (simulated failure)";
  const account = accountById(order.accountId);
  if (order.creditsUsedMinor > 0 && account) {
    refundCredits(deps, account, order.environment, order.creditsUsedMinor, order.orderId);
    order.refund = { amountMinor: order.creditsUsedMinor, at: now };
  } else if (order.checkoutMode === "payment_link") {
    // The hosted checkout gives the buyer's card payment back; no credit moves.
    order.refund = { amountMinor: order.request.pricing.totalMinor, at: now };
  }
  emitOrderEvent(deps, "order.failed", order);
}

/**
 * Ends a processing (or MANUAL_REVISION) order. MANUAL_REVISION sends no event: it is not an
 * end state. A fulfilled or failed order never changes again: it is frozen (the state file
 * then serialises it once, however many orders pile up).
 */
export function settleOrder(deps: OrdersDeps, order: Order, outcome: SimulatedOutcome): void {
  const now = deps.ctx.clock.now();
  order.updatedAt = now;
  if (outcome === "manual_revision") {
    order.status = "MANUAL_REVISION";
    if (order.type === "topup") order.deliveryStatus = "manual_revision";
    order.failureReason = "Held for manual revision by the provider (simulated)";
    return;
  }
  if (outcome === "fulfill") fulfil(deps, order, now);
  else failOrder(deps, order, now);
  frozen(order);
}
