import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import type { PriceSale } from "@/lib/checkout/checkout";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { ESIM_DISABLED, loadPlanOffer, NOT_SOLD } from "./catalog";
import { esimDetailOf } from "./detail";
import { planLabel } from "./format";

// The eSIM's checkout step, the same for the storefront and the point of sale
// (lib/checkout/checkout.ts): the plan must be one the catalog sells for the chosen destination
// (with its current price token, never one the browser sent), priced by the supplier's preview
// plus the shop's margin, and stored as the buyer saw it (./detail.ts).

/** What the buyer chose: the point of sale calls the destination `country`, the storefront maps its `destination` onto it. */
export type EsimChoice = { country: string; plan: string };

/** The storefront and the point of sale word "that plan is gone" differently; the storefront in the buyer's language. */
export type EsimSaleMessages = { notOffered: string; unavailable: string };

/** The point of sale's wording (staff pages are English). */
export const POS_ESIM_MESSAGES: EsimSaleMessages = {
  notOffered: "That plan is no longer offered for this destination. Please choose again.",
  unavailable: "Travel eSIMs are not available right now. Nothing was charged.",
};

/** `locale`: the language the plan and its destination are named in (the point of sale's English by default). */
export function esimSale(
  choice: EsimChoice,
  messages: EsimSaleMessages = POS_ESIM_MESSAGES,
  locale: Locale = DEFAULT_LOCALE,
): PriceSale {
  return async (context) => {
    const offer = await loadPlanOffer(choice.country, choice.plan, locale, context.currency);
    if (!offer.ok) {
      if (offer.code === ESIM_DISABLED) return { ok: false, error: messages.unavailable };
      if (offer.code === NOT_SOLD) return { ok: false, error: messages.notOffered, field: "plan" };
      return { ok: false, error: offer.error };
    }
    const { destination, plan, priceToken } = offer.value;
    const quote = await quoteCommerceOrder(
      { type: "esim", catalogId: plan.catalogId, priceToken },
      { mode: context.mode, visitor: context.visitor, currency: context.currency, exchange: plan.exchange },
    );
    return {
      ok: true,
      productType: "esim",
      label: `${planLabel(plan)} (${destination.name})`,
      facts: [],
      pricing: quote.pricing,
      detail: { ...quote.detail, ...esimDetailOf(destination, plan) },
      upstreamMode: context.mode,
      sufficientCredits: quote.upstream.sufficientCredits,
    };
  };
}
