import "server-only";
import type { DbClient } from "@/lib/db/create-client";
import { env } from "@/lib/env";
import { startCheckoutWith, type CheckoutStart } from "./checkout";
import { sandboxProvider } from "./sandbox";
import { paySandboxCheckout, type SandboxPayResult } from "./sandbox-checkout";
import { stripeProviderFromEnv } from "./stripe/from-env";
import type { MarkPaidOptions } from "./succeed";
import type { PaymentActor, PaymentProvider, PaymentProviderId } from "./types";

// Paying the shop, for app code: the provider chosen by PAYMENT_PROVIDER (sandbox by default,
// stripe when configured) and the payment operations. The operations take the database (and
// anything else they need) as parameters; tests import them from their own modules.

export function paymentProvider(): PaymentProvider {
  return env.PAYMENT_PROVIDER === "stripe" ? stripeProviderFromEnv() : sandboxProvider;
}

/** Which provider new payments use (PAYMENT_PROVIDER), without building it. */
export function currentPaymentProviderId(): PaymentProviderId {
  return env.PAYMENT_PROVIDER === "stripe" ? "stripe" : "sandbox";
}

/** The test checkout's Pay button: refused once the shop no longer runs with the sandbox. */
export function paySandboxPayment(
  db: DbClient,
  paymentId: string,
  options: MarkPaidOptions,
): Promise<SandboxPayResult> {
  return paySandboxCheckout(db, paymentId, { ...options, currentProvider: currentPaymentProviderId() });
}

/** Minutes an unpaid checkout stays open (PAYMENT_EXPIRY_MINUTES, default 30). */
export function checkoutLifetimeMs(): number {
  return env.PAYMENT_EXPIRY_MINUTES * 60_000;
}

/**
 * Starts (or resumes) paying an order awaiting payment: `redirectUrl` is the checkout. An
 * order that needs no payment (already paid, cancelled …) gets `paymentId: null` and its order
 * page. Throws PaymentError (with a userMessage) when the order is unknown or the provider fails.
 */
export async function startCheckout(
  db: DbClient,
  orderId: string,
  by: Partial<PaymentActor> = {},
): Promise<CheckoutStart> {
  return startCheckoutWith(db, orderId, { ...by, provider: paymentProvider(), lifetimeMs: checkoutLifetimeMs() });
}

export { markPaymentSucceeded, placeAfterPaid, type AfterPaid, type MarkPaidResult } from "./succeed";
export { sandboxCheckoutUsable, type SandboxPayResult } from "./sandbox-checkout";
export { markPaymentDeclined, expirePayment, expireAbandonedPayments } from "./lapse";
export { refundPayment } from "./refund";
export { markPaidAtCounter } from "./counter";
export { runPaymentHousekeeping } from "./housekeeping";
export { PaymentError, type PaymentProvider, type PaymentProviderId } from "./types";
export type { CheckoutStart } from "./checkout";
