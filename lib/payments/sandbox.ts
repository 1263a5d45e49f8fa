import type { PaymentProvider } from "./types";

// The embedded default: a test checkout page inside the shop (/pay/{paymentId}) with pay,
// decline and abandon outcomes. No money moves, so a refund is only recorded.

export const sandboxProvider: PaymentProvider = {
  id: "sandbox",
  minimumLifetimeMs: 0,
  async openCheckout({ payment }) {
    return { providerRef: null, redirectUrl: sandboxCheckoutPath(payment.id) };
  },
  async resumeCheckout(payment) {
    return sandboxCheckoutPath(payment.id);
  },
  async refund() {
    // Nothing to give back: the payment row and the order timeline record the refund.
  },
};

export function sandboxCheckoutPath(paymentId: string): string {
  return `/pay/${paymentId}`;
}
