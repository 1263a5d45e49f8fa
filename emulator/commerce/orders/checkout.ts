import { randomBytes } from "node:crypto";
import type { CommerceAccount, Environment } from "../../core/accounts";
import { accountById } from "../auth";
import type { OrdersDeps } from "./deps";
import type { Failure } from "./errors";
import { formatMinor, ORDER_CURRENCY } from "./money";
import { placePaidCheckoutOrder } from "./place-order";
import type { Checkout, CheckoutStatus, Order, OrderRequest } from "./records";
import { CHECKOUT_TTL_MS } from "./timings";

// Payment-link checkouts (spec sections 1 and 3): consumers, and PRO callers asking for
// checkout_mode payment_link, get a hosted checkout instead of an order. Paying it creates
// the order (order_id set) and starts fulfillment; it then shows in GET /orders?checkout_hash=.

export const CHECKOUT_PATH = "/checkout";

export function paymentLink(publicUrl: string, hash: string): string {
  return `${publicUrl}/v2${CHECKOUT_PATH}/${hash}`;
}

export function createCheckout(
  deps: OrdersDeps,
  account: CommerceAccount,
  environment: Environment,
  request: OrderRequest,
): Checkout {
  const now = deps.ctx.clock.now();
  const checkout: Checkout = {
    hash: randomBytes(20).toString("hex"),
    accountId: account.id,
    environment,
    request,
    createdAt: now,
    expiresAt: now + CHECKOUT_TTL_MS,
    status: "awaiting_payment",
    orderId: null,
  };
  deps.state.checkouts.set(checkout.hash, checkout);
  return checkout;
}

export function checkoutStatus(checkout: Checkout, now: number): CheckoutStatus {
  return checkout.status === "awaiting_payment" && now >= checkout.expiresAt ? "expired" : checkout.status;
}

function payable(deps: OrdersDeps, hash: string): { ok: true; checkout: Checkout } | { ok: false; failure: Failure } {
  const checkout = deps.state.checkouts.get(hash);
  if (!checkout) return { ok: false, failure: { code: "CHECKOUT_NOT_FOUND", message: "No checkout with this hash" } };
  const status = checkoutStatus(checkout, deps.ctx.clock.now());
  if (status === "expired")
    return { ok: false, failure: { code: "CHECKOUT_EXPIRED", message: "This payment link has expired" } };
  if (status !== "awaiting_payment")
    return { ok: false, failure: { code: "CHECKOUT_NOT_PAYABLE", message: `This checkout is already ${status}` } };
  return { ok: true, checkout };
}

export function payCheckout(
  deps: OrdersDeps,
  hash: string,
): { ok: true; order: Order } | { ok: false; failure: Failure } {
  const found = payable(deps, hash);
  if (!found.ok) return found;
  const { checkout } = found;
  const account = accountById(checkout.accountId);
  if (!account)
    return { ok: false, failure: { code: "CHECKOUT_NOT_FOUND", message: "The checkout's account no longer exists" } };
  const order = placePaidCheckoutOrder(deps, account, checkout.environment, checkout.request, checkout.hash);
  checkout.status = "paid";
  checkout.orderId = order.orderId;
  return { ok: true, order };
}

export function cancelCheckout(
  deps: OrdersDeps,
  hash: string,
): { ok: true; checkout: Checkout } | { ok: false; failure: Failure } {
  const found = payable(deps, hash);
  if (!found.ok) return found;
  found.checkout.status = "cancelled";
  return found;
}

/** POST /orders answer for a payment-link checkout (upstream-notes: awaiting_payment, order_id null). */
export function checkoutResult(deps: OrdersDeps, checkout: Checkout) {
  const link = paymentLink(deps.ctx.config.publicUrl, checkout.hash);
  const total = formatMinor(checkout.request.pricing.totalMinor);
  const expiresAt = new Date(checkout.expiresAt).toISOString();
  return {
    type: checkout.request.product.type,
    status: "awaiting_payment" as const,
    order_id: null,
    credits_used: formatMinor(0),
    currency: ORDER_CURRENCY,
    total,
    environment: checkout.environment,
    checkout_mode: "payment_link" as const,
    payment_link: link,
    checkout_hash: checkout.hash,
    expires_at: expiresAt,
    created_at: new Date(checkout.createdAt).toISOString(),
    show_to_user: {
      payment_link: link,
      status: "awaiting_payment",
      product_name: checkout.request.product.productName,
      total,
      currency: ORDER_CURRENCY,
      expires_at: expiresAt,
    },
  };
}

/** Control view of a checkout. */
export function checkoutView(deps: OrdersDeps, checkout: Checkout) {
  return {
    checkout_hash: checkout.hash,
    status: checkoutStatus(checkout, deps.ctx.clock.now()),
    order_id: checkout.orderId,
    account_id: checkout.accountId,
    environment: checkout.environment,
    total: formatMinor(checkout.request.pricing.totalMinor),
    expires_at: new Date(checkout.expiresAt).toISOString(),
  };
}
