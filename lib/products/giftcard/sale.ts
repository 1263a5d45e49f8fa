import "server-only";
import type { PriceSale } from "@/lib/checkout/checkout";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { loadBrandOffer } from "./catalog";
import { DEFAULT_LOCALE } from "@/lib/i18n/locale-routing.mjs";
import { giftcardDetailOf } from "./detail";

// The gift card's checkout step, the same for the storefront and the point of sale
// (lib/checkout/checkout.ts): the brand must be one the catalog sells in the country, the price
// token one of that brand's current denominations, priced by the supplier's preview plus the
// shop's margin, and stored as the buyer saw it (./detail.ts).

export type GiftcardChoice = { country: string; brand: string; denomination: string };

/** The storefront and the point of sale word "that card is gone" differently. */
export type GiftcardSaleMessages = { brandGone: string; valueGone: string };

export const POS_GIFTCARD_MESSAGES: GiftcardSaleMessages = {
  brandGone: "That brand is no longer sold in this country. Please choose again.",
  valueGone: "That value is no longer offered. Please choose again.",
};

export function giftcardSale(
  choice: GiftcardChoice,
  messages: GiftcardSaleMessages = POS_GIFTCARD_MESSAGES,
): PriceSale {
  return async (context) => {
    const offer = await loadBrandOffer(choice.country, choice.brand, DEFAULT_LOCALE, context.currency);
    if (offer.ok === false) return { ok: false, error: offer.error };
    if (offer.ok !== true) return { ok: false, error: messages.brandGone, field: "brand" };
    const denomination = offer.value.denominations.find((d) => d.token === choice.denomination);
    if (!denomination) return { ok: false, error: messages.valueGone, field: "denomination" };
    const { brand } = offer.value;
    const quote = await quoteCommerceOrder(
      { type: "giftcard", priceToken: denomination.token },
      { mode: context.mode, visitor: context.visitor, currency: context.currency, exchange: denomination.exchange },
    );
    return {
      ok: true,
      productType: "giftcard",
      label: `${denomination.productName} (${brand.name}, ${brand.countryName})`,
      facts: [],
      pricing: quote.pricing,
      detail: { ...quote.detail, ...giftcardDetailOf(brand, denomination) },
      upstreamMode: context.mode,
      sufficientCredits: quote.upstream.sufficientCredits,
    };
  };
}
