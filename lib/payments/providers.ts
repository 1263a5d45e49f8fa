import { counterProvider } from "./counter-provider";
import { sandboxProvider } from "./sandbox";
import { PaymentError, type PaymentProvider } from "./types";

// The provider behind an existing Payment row (refunds, duplicate payments). Stripe is loaded
// only when a Stripe payment is met, so code paths without Stripe never need its settings.

export type ProviderLookup = (id: string) => Promise<PaymentProvider>;

export const providerById: ProviderLookup = async (id) => {
  if (id === "sandbox") return sandboxProvider;
  if (id === "counter") return counterProvider;
  if (id === "stripe") return (await import("./stripe/from-env")).stripeProviderFromEnv();
  throw new PaymentError("unknown_provider", `Unknown payment provider "${id}".`);
};
