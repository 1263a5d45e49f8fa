import "server-only";
import type { PriceSale, PricedSale } from "@/lib/orders/checkout";
import { esimSale } from "@/lib/products/esim/sale";
import { giftcardSale } from "@/lib/products/giftcard/sale";
import { imeiCheckSale } from "@/lib/products/imeicheck/sale";
import { topupSale } from "@/lib/products/topup/sale";
import { unlockSale } from "@/lib/products/unlock/sale";
import type { SalePreview, SaleRequest } from "./sale-request";

// What staff chose, as the product's own checkout step (lib/products/<product>/sale.ts): the
// same catalog checks, price and order detail as the storefront's, in the counter's wording.
// The preview shown before placing and the order placed are both priced by it, so what staff
// saw is what the order is.

export function saleOf(request: SaleRequest): PriceSale {
  switch (request.product) {
    case "topup":
      return topupSale(request);
    case "esim":
      return esimSale(request);
    case "giftcard":
      return giftcardSale(request);
    case "unlock":
      return unlockSale(request);
    case "imeicheck":
      return imeiCheckSale(request);
  }
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
