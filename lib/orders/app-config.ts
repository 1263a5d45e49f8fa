import type { DbClient } from "@/lib/db/create-client";

// The app's settings for the order core, read from the validated environment on first use
// (dynamic imports: importing the order core must not read the environment, so tests can
// pass everything explicitly).

export type CheckoutMode = "credits" | "payment_link";

export async function appDb(): Promise<DbClient> {
  return (await import("@/lib/db")).db;
}

export async function appCheckoutMode(): Promise<CheckoutMode> {
  return (await import("@/lib/env")).env.COMMERCE_CHECKOUT_MODE;
}
