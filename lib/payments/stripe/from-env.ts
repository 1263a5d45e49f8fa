import "server-only";
import Stripe from "stripe";
import { env } from "@/lib/env";
import { PaymentError, type PaymentProvider } from "../types";
import { createStripeProvider } from "./provider";

// The app's Stripe client and provider, built from the environment on first use. The
// environment check at start-up already requires both Stripe variables with
// PAYMENT_PROVIDER=stripe; a Stripe payment met with Stripe switched off (the shop changed
// provider) still needs the key to refund it.

let provider: PaymentProvider | undefined;

export function stripeProviderFromEnv(): PaymentProvider {
  if (provider) return provider;
  if (!env.STRIPE_SECRET_KEY)
    throw new PaymentError("provider_unavailable", "Stripe is not configured (STRIPE_SECRET_KEY).");
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "reseller-storefront" },
  });
  return (provider = createStripeProvider(stripe, { appUrl: env.APP_URL }));
}
