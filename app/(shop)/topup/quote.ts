import "server-only";
import { buyerPricing, type BuyerPricing } from "@/lib/orders/buyer-view";
import { logger } from "@/lib/log";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { requestVisitor } from "@/lib/security/request-visitor";
import { isUpstreamError } from "@/lib/upstream/errors";

export type QuoteResult = { ok: true; pricing: BuyerPricing } | { ok: false; error: string };

/**
 * The review step's price: the upstream preview plus the shop's margin, computed on the server
 * (lib/orders/quote). Only the buyer's part of the breakdown leaves this function: never the cost.
 */
export async function loadTopupQuote(input: { phone: string; rate: string; sms: boolean }): Promise<QuoteResult> {
  try {
    const quote = await quoteCommerceOrder({ type: "topup", priceToken: input.rate, phone: input.phone, smsNotification: input.sms }, { visitor: await requestVisitor() });
    return { ok: true, pricing: buyerPricing(quote.pricing, { currency: quote.pricing.currency, totalMinor: quote.pricing.totalMinor }) };
  } catch (error) {
    if (isUpstreamError(error)) return { ok: false, error: error.userMessage };
    logger.error({ err: error }, "top-up quote failed");
    return { ok: false, error: "We could not price this top-up just now. Please try again in a moment." };
  }
}
