import "server-only";
import type { CheckoutFailure, PriceSale } from "@/lib/checkout/checkout";
import { quoteCommerceOrder, type QuoteInput } from "@/lib/orders/quote";
import { reviewQuote, type BuyerCurrency, type ReviewQuote } from "@/lib/orders/review-quote";
import { DEFAULT_CURRENCY } from "@/lib/i18n/currency-routing.mjs";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { checkPhone, formatPhone } from "@/lib/validation/phone";
import { lookupCarrier } from "./carrier";
import { topupDetail } from "./detail";
import { loadOperatorOffer, type OfferResult } from "./offer";
import type { TopupChoice, TopupOffer } from "./types";

// A top-up's checkout step (lib/checkout/checkout.ts): the choice checked against the live
// catalog, priced, and its order detail built. The storefront names the operator the buyer
// chose (the number must be from its country, and the carrier lookup must answer); the point
// of sale names none: the number's carrier is the operator. Either way the rate must be one of
// that operator's current rates.

export type TopupSaleChoice = { phone: string; rate: string; operator?: string; sms?: boolean; smsText?: string };

/**
 * The refusals each channel words its own way (the storefront in the buyer's language: its pay
 * action). The point of sale leaves the optional ones to the English defaults here.
 */
export type TopupSaleMessages = {
  rateGone: string;
  /** The number is not from the country of the operator the buyer chose (storefront only). */
  otherCountry?: (countryName: string) => string;
  /** The carrier lookup failed for a reason of its own (./carrier.ts). */
  lookupFailed?: string;
};

/** The point of sale's wording (the storefront's says its review is out of date: ./pay-input.ts). */
export const COUNTER_MESSAGES: TopupSaleMessages = {
  rateGone: "That amount is no longer offered for this number. Please choose again.",
};

const failure = (error: string, field?: string): CheckoutFailure => ({ ok: false, error, ...(field ? { field } : {}) });

/** `locale`: the language the chosen rate is named in on the order (the point of sale's English by default). */
export function topupSale(
  choice: TopupSaleChoice,
  messages: TopupSaleMessages = COUNTER_MESSAGES,
  locale: Locale = DEFAULT_LOCALE,
): PriceSale {
  return async (context) => {
    const phone = checkPhone(choice.phone);
    if (!phone.ok) return failure(phone.error, "phone");
    const currency = context.currency ?? DEFAULT_CURRENCY;
    const offer = choice.operator
      ? found(await loadOperatorOffer(choice.operator, locale, currency))
      : await numbersOperator(phone.e164);
    if (!offer.ok) return offer;
    const rate = offer.value.choices.find((c) => c.token === choice.rate);
    if (!rate) return failure(messages.rateGone, "rate");
    if (choice.operator) {
      const refused = await numberRefused(offer.value, phone.e164, phone.country, messages);
      if (refused) return refused;
    }

    const { operatorId, operatorName, countryCode, countryName } = offer.value;
    // Priced in the buyer's currency at this rate's own EUR→USD figures (lib/pricing/exchange.ts).
    const quote = await quoteCommerceOrder(quoteInputOf({ ...choice, phone: phone.e164 }), {
      mode: context.mode,
      visitor: context.visitor,
      currency,
      exchange: rate.exchange,
    });
    return {
      ok: true,
      productType: "topup",
      label: `${rate.productName} to ${formatPhone(phone.e164)} (${operatorName}, ${countryName})`,
      facts: [],
      pricing: quote.pricing,
      detail: topupDetail({
        ...quote.detail,
        product: productInLanguage(quote.detail.product, rate, locale),
        phone: phone.e164,
        operator: { id: operatorId, name: operatorName, countryCode, countryName },
      }),
      upstreamMode: context.mode,
      sufficientCredits: quote.upstream.sufficientCredits,
    };
  };
}

/**
 * The upstream preview's record of what is bought (its preview takes no language), with the
 * rate's name as the page showed it when that is not English, or when the preview names none
 * (C§2 "Preview result" names a breakdown, not a product): the payment page, order page, mails
 * and "Top up again" (./same-rate.ts) show and match that name.
 */
function productInLanguage(
  product: Record<string, unknown> | null,
  rate: TopupChoice,
  locale: Locale,
): Record<string, unknown> {
  const named = typeof product?.name === "string" && product.name.trim() !== "";
  return locale !== DEFAULT_LOCALE || !named
    ? { ...product, name: rate.productName, service_type: product?.service_type ?? rate.serviceType }
    : product!;
}

type OperatorFound = { ok: true; value: TopupOffer } | CheckoutFailure;

const found = (offer: OfferResult): OperatorFound => (offer.ok ? offer : failure(offer.error));

/** The storefront's check of the number against the operator the buyer chose: its country, and the carrier lookup must answer. */
async function numberRefused(
  operator: TopupOffer,
  e164: string,
  numberCountry: string | undefined,
  messages: TopupSaleMessages,
): Promise<CheckoutFailure | null> {
  if (numberCountry?.toLowerCase() !== operator.countryCode) {
    const otherCountry =
      messages.otherCountry ??
      ((country: string) => `This number is not from ${country}. Please choose the top-up again.`);
    return failure(otherCountry(operator.countryName), "phone");
  }
  const carrier = await lookupCarrier(e164, messages.lookupFailed);
  return carrier.ok ? null : failure(carrier.error, carrier.kind === "refused" ? "phone" : undefined);
}

/** The point of sale's: the operator the carrier lookup finds for the number. */
async function numbersOperator(e164: string): Promise<OperatorFound> {
  const carrier = await lookupCarrier(e164);
  if (!carrier.ok) return failure(carrier.error, carrier.kind === "refused" ? "phone" : undefined);
  return found(await loadOperatorOffer(carrier.carrier.operatorId));
}

/** The upstream preview's request for a choice; the SMS text only goes with the SMS notice. */
function quoteInputOf(choice: Pick<TopupSaleChoice, "phone" | "rate" | "sms" | "smsText">): QuoteInput {
  const sms = choice.sms ?? false;
  return {
    type: "topup",
    priceToken: choice.rate,
    phone: choice.phone,
    smsNotification: sms,
    smsText: sms && choice.smsText ? choice.smsText : undefined,
  };
}

/**
 * The review step's price for the number, rate and SMS choice (the text does not change it);
 * `fallback` is shown when the failure is not the upstream's (the page's, in its language).
 */
export function loadTopupQuote(
  input: { phone: string; rate: string; sms: boolean },
  fallback = "We could not price this top-up just now. Please try again in a moment.",
  price: BuyerCurrency = {},
): Promise<ReviewQuote> {
  return reviewQuote(quoteInputOf(input), "top-up quote", fallback, price);
}
