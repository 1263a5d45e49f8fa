import type { EventSource } from "@/lib/db/generated/sqlite/enums";
import type { Order, Payment } from "@/lib/db/generated/sqlite/client";

// How the shop gets paid (DESIGN.md "Orders": paying the shop). The shared code in this folder
// owns the Payment rows and every status change; a provider only talks to its payment system:
// it opens a checkout for a Payment row that already exists, finds an open one again, and
// gives money back. So the rules that must hold for every provider (amount from the order,
// expiry, exactly one successful payment per order, the order moved only through
// `transition`) live in one place, and a provider cannot get them wrong.

export type PaymentProviderId = "sandbox" | "stripe" | "counter";

/** The order fields a provider may use to open a checkout (amount and currency come from the Payment). */
export type CheckoutOrder = Pick<Order, "id" | "ref" | "productType" | "customerEmail">;

export type OpenedCheckout = {
  /** The provider's id for this checkout (a Stripe Checkout Session id), stored as Payment.providerRef. */
  providerRef: string | null;
  /** Where to send the buyer: an app path (sandbox) or the provider's page (Stripe). */
  redirectUrl: string;
};

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** Shortest checkout lifetime the provider accepts (Stripe: just over 30 minutes); 0 if none. */
  readonly minimumLifetimeMs: number;
  /** Opens the provider's checkout for a pending Payment row of `order`. */
  openCheckout(input: { order: CheckoutOrder; payment: Payment }): Promise<OpenedCheckout>;
  /** Where to send the buyer to continue an open attempt, or null when it cannot be continued. */
  resumeCheckout(payment: Payment): Promise<string | null>;
  /** Gives a succeeded payment's money back (idempotent per payment). The sandbox and the counter only record it. */
  refund(payment: Payment, input: { reason: string }): Promise<void>;
}

/** Who caused a payment change, for the order timeline. */
export type PaymentActor = { source: EventSource; actor?: string };

export type PaymentErrorCode =
  | "order_not_found"
  | "invalid_amount"
  | "provider_unavailable"
  | "not_refundable"
  | "no_payment"
  | "not_staff"
  | "unknown_provider";

/** A refusal with a message that is safe to show a buyer or staff member. */
export class PaymentError extends Error {
  readonly code: PaymentErrorCode;
  readonly userMessage: string;

  constructor(code: PaymentErrorCode, userMessage: string, options?: { cause?: unknown }) {
    super(`${code}: ${userMessage}`, options);
    this.name = "PaymentError";
    this.code = code;
    this.userMessage = userMessage;
  }
}

/** Words for the timeline. */
export const PROVIDER_LABEL: Record<PaymentProviderId, string> = {
  sandbox: "test payment",
  stripe: "card payment",
  counter: "paid at the counter",
};

export function providerLabel(id: string): string {
  return PROVIDER_LABEL[id as PaymentProviderId] ?? id;
}
