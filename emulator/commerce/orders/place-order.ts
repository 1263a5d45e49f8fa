import type { CommerceAccount, Environment } from "../../core/accounts";
import { debitCredits } from "./credits";
import type { OrdersDeps } from "./deps";
import type { Failure } from "./errors";
import { scheduleFulfillment } from "./fulfillment";
import { formatMinor } from "./money";
import type { CheckoutMode, Order, OrderRequest } from "./records";
import { emitOrderEvent } from "./webhook-delivery";

// Turning a validated request into an order. Order ids: production `ord_{n}`; sandbox
// `sandbox_{type}_{n}` (spec section 3: sandbox eSIM ids take the form sandbox_esim_{id}).

type NewOrder = {
  account: CommerceAccount;
  environment: Environment;
  request: OrderRequest;
  checkoutMode: CheckoutMode;
  checkoutHash: string | null;
  creditsUsedMinor: number;
};

function newOrder(deps: OrdersDeps, init: NewOrder): Order {
  const seq = deps.state.nextSeq();
  const type = init.request.product.type;
  const now = deps.ctx.clock.now();
  return {
    seq,
    orderId: init.environment === "sandbox" ? `sandbox_${type}_${seq}` : `ord_${seq}`,
    accountId: init.account.id,
    environment: init.environment,
    type,
    status: "processing",
    checkoutMode: init.checkoutMode,
    checkoutHash: init.checkoutHash,
    request: init.request,
    creditsUsedMinor: init.creditsUsedMinor,
    createdAt: now,
    updatedAt: now,
    fulfilledAt: null,
    failedAt: null,
    deliveryStatus: type === "topup" ? "pending" : null,
    esim: null,
    giftcard: null,
    failureReason: null,
    refund: null,
  };
}

/** Stores the order, sends order.created and starts the fulfillment simulation. */
function startOrder(deps: OrdersDeps, order: Order): Order {
  deps.state.orders.set(order.orderId, order);
  emitOrderEvent(deps, "order.created", order);
  scheduleFulfillment(deps, order);
  return order;
}

/**
 * PRO credits mode: production debits at once (INSUFFICIENT_CREDITS moves nothing);
 * sandbox records a simulated debit and never runs out.
 */
export function placeCreditsOrder(
  deps: OrdersDeps,
  account: CommerceAccount,
  environment: Environment,
  request: OrderRequest,
): { ok: true; order: Order } | { ok: false; failure: Failure } {
  const total = request.pricing.totalMinor;
  const balance = deps.state.balanceOf(account);
  if (environment === "production" && balance < total) {
    return {
      ok: false,
      failure: {
        code: "INSUFFICIENT_CREDITS",
        message: `The order costs ${formatMinor(total)} EUR; the credit balance is ${formatMinor(balance)} EUR`,
        extra: {
          balance: formatMinor(balance),
          required: formatMinor(total),
          currency: "EUR",
          next_step: "Top up the credit balance or use checkout_mode payment_link",
        },
      },
    };
  }
  const order = newOrder(deps, {
    account,
    environment,
    request,
    checkoutMode: "credits",
    checkoutHash: null,
    creditsUsedMinor: total,
  });
  debitCredits(deps, account, environment, total, order.orderId);
  return { ok: true, order: startOrder(deps, order) };
}

/** A paid payment-link checkout becomes an order; the buyer paid by card, so no credit moves. */
export function placePaidCheckoutOrder(
  deps: OrdersDeps,
  account: CommerceAccount,
  environment: Environment,
  request: OrderRequest,
  checkoutHash: string,
): Order {
  return startOrder(
    deps,
    newOrder(deps, { account, environment, request, checkoutMode: "payment_link", checkoutHash, creditsUsedMinor: 0 }),
  );
}
