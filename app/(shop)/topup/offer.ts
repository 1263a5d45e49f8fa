import "server-only";
import { carrierLookup, operatorRates } from "@/lib/catalog/topup";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { getMargin, retailBreakdown } from "@/lib/pricing/retail";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { TopupChoice, TopupOffer } from "@/components/shop/topup/types";

// What the shop offers for one phone number: its carrier (looked up upstream, cached) and that
// operator's rates with the shop's retail price for each (upstream cost + margin, the same
// rule the review step's quote applies). Read on every step, so a price token the buyer sends
// back is only accepted if it is one of this number's operator's rates.

export type OfferResult = { ok: true; offer: TopupOffer } | { ok: false; error: string };

const SERVICE_ORDER = ["airtime", "data", "bundle"];

export async function loadTopupOffer(e164: string): Promise<OfferResult> {
  try {
    const carrier = (await carrierLookup(e164)).value;
    const [rates, margin] = await Promise.all([operatorRates(carrier.id_operator), getMargin(db, "topup")]);
    const choices = rates.value.rates.flatMap((rate): TopupChoice[] => {
      if (rate.amount_eur === null || rate.amount_eur === undefined) return [];
      const price = retailBreakdown({ productType: "topup", costMinor: rate.total_cost_eur, costCurrency: "EUR", amountMinor: rate.amount_eur, margin });
      return [
        {
          token: rate.token,
          productName: rate.product_name,
          description: rate.description ?? null,
          serviceType: rate.service_type ?? "airtime",
          amountLocalMinor: rate.amount_local ?? null,
          currencyLocal: rate.currency_local ?? null,
          currency: price.currency,
          amountMinor: price.amountMinor,
          feeMinor: price.serviceFeeMinor,
          totalMinor: price.totalMinor,
        },
      ];
    });
    choices.sort((a, b) => rank(a.serviceType) - rank(b.serviceType) || a.totalMinor - b.totalMinor);
    return {
      ok: true,
      offer: {
        operatorId: carrier.id_operator,
        operatorName: carrier.operator_name,
        countryName: carrier.country_name ?? carrier.iso_short_code.toUpperCase(),
        countryCode: carrier.iso_short_code,
        choices,
        pricesAgeMs: rates.stale ? rates.ageMs : null,
      },
    };
  } catch (error) {
    if (isUpstreamError(error)) return { ok: false, error: error.userMessage };
    logger.error({ err: error }, "top-up offer could not be loaded");
    return { ok: false, error: "We could not load the offers for this number. Please try again in a moment." };
  }
}

function rank(serviceType: string): number {
  const index = SERVICE_ORDER.indexOf(serviceType);
  return index === -1 ? SERVICE_ORDER.length : index;
}
