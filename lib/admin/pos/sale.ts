import "server-only";
import type { PriceSale, PricedSale } from "@/lib/checkout/checkout";
import { PRODUCT_MODULES } from "@/lib/products/registry";
import type { ProductModule } from "@/lib/products/contract";
import type { SalePreview, SaleRequest } from "./sale-request";

// What staff chose, as the product's own checkout step (its module's `sale`, lib/products/<product>/sale.ts): the
// same catalog checks, price and order detail as the storefront's, in the counter's wording.
// The preview shown before placing and the order placed are both priced by it, so what staff
// saw is what the order is.

export function saleOf(request: SaleRequest): PriceSale {
  return (PRODUCT_MODULES[request.product] as ProductModule).sale(request);
}

/** The counter always pays the upstream from the shop's credits: there is no hosted checkout for a buyer at the counter. */
export const COUNTER_CONTEXT = { mode: "credits" } as const;

/** What the preview shows: the buyer's price and, for staff only, the cost and margin. */
export function previewOf(sale: PricedSale): SalePreview {
  const p = sale.pricing;
  return {
    label: sale.label,
    currency: p.currency,
    amountMinor: p.amountMinor,
    serviceFeeMinor: p.serviceFeeMinor,
    smsFeeMinor: p.smsFeeMinor,
    totalMinor: p.totalMinor,
    costMinor: p.costMinor,
    marginMinor: p.totalMinor - p.costMinor,
    sufficientCredits: sale.sufficientCredits,
    facts: sale.facts,
  };
}
