import "server-only";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import type { PriceBreakdown } from "@/lib/pricing/retail";
import type { CommerceSale, PricedSale } from "./resolve";
import type { SalePreview } from "./sale-request";

// One price for a resolved sale, whatever the product: the commerce products' price is the
// upstream's preview with the shop's margin (quoteCommerceOrder, credits mode: the buyer pays
// at the counter), the unlocking products' is the shop's own rule (already on the resolved
// sale). The preview shown to staff and the order placed are both built from this, so what
// staff saw is what the order is.

export type SalePrice = { label: string; pricing: PriceBreakdown; detail: Record<string, unknown>; sufficientCredits: boolean | null; facts: Array<{ label: string; value: string }> };

export async function priceSale(sale: CommerceSale | PricedSale): Promise<SalePrice> {
  if ("pricing" in sale) return { label: sale.label, pricing: sale.pricing, detail: sale.detail, sufficientCredits: null, facts: sale.facts };
  const quote = await quoteCommerceOrder(sale.quote, { mode: "credits" });
  return { label: sale.label, pricing: quote.pricing, detail: { ...quote.detail, ...sale.extraDetail }, sufficientCredits: quote.upstream.sufficientCredits, facts: [] };
}

/** What the preview shows: the buyer's price and, for staff only, the cost and margin. */
export function previewOf(price: SalePrice): SalePreview {
  const p = price.pricing;
  return {
    label: price.label,
    currency: p.currency,
    amountMinor: p.amountMinor,
    serviceFeeMinor: p.serviceFeeMinor,
    smsFeeMinor: p.smsFeeMinor,
    totalMinor: p.totalMinor,
    costMinor: p.costMinor,
    marginMinor: p.totalMinor - p.costMinor,
    sufficientCredits: price.sufficientCredits,
    facts: price.facts,
  };
}
