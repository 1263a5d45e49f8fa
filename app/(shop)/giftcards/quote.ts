import "server-only";
import { buyerPricing, type BuyerPricing } from "@/lib/orders/buyer-view";
import { logger } from "@/lib/log";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { requestVisitor } from "@/lib/security/request-visitor";
import { isUpstreamError } from "@/lib/upstream/errors";

export type GiftcardQuoteResult = { ok: true; pricing: BuyerPricing } | { ok: false; error: string };

/**
 * The review's price: the supplier's preview (reused for a minute, limited per visitor network)
 * plus the shop's margin, computed on the server (lib/orders/quote). Only the buyer's part of the breakdown leaves here, never the cost.
 */
export async function loadGiftcardQuote(priceToken: string): Promise<GiftcardQuoteResult> {
  try {
    const quote = await quoteCommerceOrder({ type: "giftcard", priceToken }, { visitor: await requestVisitor() });
    return { ok: true, pricing: buyerPricing(quote.pricing, { currency: quote.pricing.currency, totalMinor: quote.pricing.totalMinor }) };
  } catch (error) {
    if (isUpstreamError(error)) return { ok: false, error: error.userMessage };
    logger.error({ err: error }, "gift card quote failed");
    return { ok: false, error: "We could not price this gift card just now. Please try again in a moment." };
  }
}
