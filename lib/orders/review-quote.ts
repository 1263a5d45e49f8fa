import "server-only";
import { userFailureOf, type UserFailure } from "@/lib/errors/user-message";
import { requestVisitor } from "@/lib/security/request-visitor";
import { buyerPricing, type BuyerPricing } from "./buyer-view";
import { quoteCommerceOrder, type QuoteInput, type QuoteOptions } from "./quote";

// The price a commerce product's review page shows: the supplier's preview (reused for a minute,
// limited per visitor network: ./quote.ts) plus the shop's margin, computed on the server. Only
// the buyer's part of the breakdown leaves here, never the cost. A failure carries the
// upstream's code, so a product can react to its own (eSIM: "switched off").

export type ReviewQuote = { ok: true; pricing: BuyerPricing } | UserFailure;

/** The buyer's currency and the item's rate to it (./quote.ts QuoteOptions; docs/i18n.md, "Currencies"). */
export type BuyerCurrency = Pick<QuoteOptions, "currency" | "exchange">;

/** `what` names the quote in the log ("eSIM quote"); `fallback` is shown when the failure is not the upstream's. */
export async function reviewQuote(
  input: QuoteInput,
  what: string,
  fallback: string,
  price: BuyerCurrency = {},
): Promise<ReviewQuote> {
  try {
    const quote = await quoteCommerceOrder(input, {
      visitor: await requestVisitor(),
      currency: price.currency,
      exchange: price.exchange,
    });
    return {
      ok: true,
      pricing: buyerPricing(quote.pricing, { currency: quote.pricing.currency, totalMinor: quote.pricing.totalMinor }),
    };
  } catch (error) {
    return userFailureOf(error, what, fallback);
  }
}
