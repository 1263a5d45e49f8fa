import type { DbClient } from "@/lib/db/create-client";
import { markPaymentSucceeded, type MarkPaidOptions, type MarkPaidResult } from "./succeed";
import type { PaymentProviderId } from "./types";

// Paying on the sandbox's test checkout (/pay/{paymentId}). A test checkout opened while the
// shop ran with PAYMENT_PROVIDER=sandbox must not pay an order once the shop runs with Stripe
// (docs/security.md, finding 10): no money would move, yet the order would be placed and the
// shop would pay its supplier. Such an attempt is refused, left as it is (it lapses at its
// expiry like any unused checkout), and the buyer is offered the shop's current way to pay.

export type SandboxPayResult = MarkPaidResult | { outcome: "provider_changed" };

export async function paySandboxCheckout(
  db: DbClient,
  paymentId: string,
  options: MarkPaidOptions & { currentProvider: PaymentProviderId },
): Promise<SandboxPayResult> {
  const payment = await db.payment.findUnique({ where: { id: paymentId }, select: { provider: true } });
  if (!payment || payment.provider !== "sandbox") return { outcome: "not_payable", status: "not_found" };
  if (options.currentProvider !== "sandbox") return { outcome: "provider_changed" };
  return markPaymentSucceeded(db, paymentId, options);
}

/** True when a sandbox test checkout can still be paid: the shop runs with the sandbox. */
export function sandboxCheckoutUsable(provider: string, currentProvider: PaymentProviderId): boolean {
  return provider !== "sandbox" || currentProvider === "sandbox";
}
