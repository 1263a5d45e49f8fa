import "server-only";
import { buyerPricing, type BuyerPricing } from "@/lib/orders/buyer-view";
import { expireEsimCatalog } from "@/lib/catalog/esim";
import { logger } from "@/lib/log";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { requestVisitor } from "@/lib/security/request-visitor";
import { isUpstreamError } from "@/lib/upstream/errors";

export type EsimQuoteResult = { ok: true; pricing: BuyerPricing } | { ok: false; error: string; disabled?: boolean };

/**
 * The review's price: the supplier's preview of the plan (catalog_id + price_token, reused for a
 * minute, limited per visitor network: lib/orders/quote.ts) plus the shop's margin, computed on the server. Only the buyer's part of the breakdown leaves here.
 */
export async function loadEsimQuote(catalogId: string, priceToken: string): Promise<EsimQuoteResult> {
  try {
    const quote = await quoteCommerceOrder({ type: "esim", catalogId, priceToken }, { visitor: await requestVisitor() });
    return { ok: true, pricing: buyerPricing(quote.pricing, { currency: quote.pricing.currency, totalMinor: quote.pricing.totalMinor }) };
  } catch (error) {
    if (isUpstreamError(error) && error.canonicalCode === "ESIM_DISABLED") {
      await expireEsimCatalog();
      return { ok: false, error: error.userMessage, disabled: true };
    }
    if (isUpstreamError(error)) return { ok: false, error: error.userMessage };
    logger.error({ err: error }, "eSIM quote failed");
    return { ok: false, error: "We could not price this plan just now. Please try again in a moment." };
  }
}
