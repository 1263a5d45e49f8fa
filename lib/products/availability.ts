import "server-only";
import type { DbClient } from "@/lib/db/create-client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { PRODUCTS } from "./index";
import { switchedOffProducts } from "./product-switch";

// Whether a product can be bought now: the one answer the storefront's pages, the checkout
// (lib/checkout/checkout.ts) and the point of sale all read, so a buyer is never taken to pay for
// what the shop cannot deliver. It combines the staff's switch (./product-switch.ts) with each
// product's own setup problems (an IMEI check without its hash settings on production).

export type ProductAvailability =
  | { available: true }
  /** `detail` is for staff (it may name settings); buyers see only "temporarily unavailable". */
  | { available: false; reason: "switched_off" | "setup"; detail: string };

export type ProductsAvailability = Record<ProductType, ProductAvailability>;

const SWITCHED_OFF = "Switched off by staff (Admin → Upstream connection).";

/**
 * Each product's setup problem, or null when it has none. Loaded on use, like the app's database
 * below: the checkout (lib/checkout/checkout.ts) passes its own database and reads no app
 * configuration for a product that has no setup to check.
 */
const SETUP_PROBLEMS: Partial<Record<ProductType, () => Promise<string | null>>> = {
  imeicheck: async () => (await import("./imeicheck/availability")).imeiCheckSetupProblem(),
};

const appDb = async (): Promise<DbClient> => (await import("@/lib/db")).db;

function availabilityOf(off: boolean, setupProblem: string | null): ProductAvailability {
  if (off) return { available: false, reason: "switched_off", detail: SWITCHED_OFF };
  if (setupProblem) return { available: false, reason: "setup", detail: setupProblem };
  return { available: true };
}

export async function productAvailability(product: ProductType, db?: DbClient): Promise<ProductAvailability> {
  const [off, problem] = await Promise.all([
    switchedOffProducts(db ?? (await appDb())),
    SETUP_PROBLEMS[product]?.() ?? null,
  ]);
  return availabilityOf(off.has(product), problem);
}

/** Every product at once (one settings read), for pages that list them. */
export async function productsAvailability(db?: DbClient): Promise<ProductsAvailability> {
  const off = await switchedOffProducts(db ?? (await appDb()));
  const entries = await Promise.all(
    PRODUCTS.map(
      async ({ type }) => [type, availabilityOf(off.has(type), (await SETUP_PROBLEMS[type]?.()) ?? null)] as const,
    ),
  );
  return Object.fromEntries(entries) as ProductsAvailability;
}
