import { PaymentError, type PaymentProvider } from "./types";

// Staff take the money in the shop (cash or the shop's own card terminal) and say so in the
// admin. There is no checkout to open; a refund is the staff member handing the money back,
// recorded with who did it.

export const counterProvider: PaymentProvider = {
  id: "counter",
  minimumLifetimeMs: 0,
  async openCheckout() {
    throw new PaymentError(
      "unknown_provider",
      "Counter payments are taken by staff in the admin, not through a checkout.",
    );
  },
  async resumeCheckout() {
    return null;
  },
  async refund() {
    // Recorded by refundPayment (payment → refunded, actor = the staff member).
  },
};
