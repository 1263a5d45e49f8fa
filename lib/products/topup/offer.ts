import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { DEFAULT_CURRENCY, type ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import { retailIn, supplierRate } from "@/lib/pricing/exchange";
import { countryNameOf } from "./countries";
import type { PromotionView, ServiceTypeGroup, TopupChoice, TopupOffer } from "./types";
import { catalogImageUrl } from "@/lib/catalog/images";
import { topupProduct } from "@/lib/catalog/topup";
import { db } from "@/lib/db";
import { getMargin, retailBreakdown, type Margin } from "@/lib/pricing/retail";
import type { Rate } from "@/lib/upstream/commerce";
import { loadPromotions, promotionView } from "./catalog";
import { promotionApplies } from "./promotion-scope";
import { rateWordsIn } from "./rate-words";
import { loadRead, NOT_SOLD, type Loaded } from "@/lib/catalog/loaded";

// What the shop offers for one operator: its service types (airtime, data, bundle) with every
// rate at the shop's retail price (upstream cost + margin, the same rule the review's quote
// applies), its logo through the shop, and its active promotions. Read on every step and again
// by the pay action, so a price token the buyer sends back is accepted only if it is one of
// this operator's current rates.

export type OfferResult = Loaded<TopupOffer>;

const SERVICE_ORDER = ["airtime", "data", "bundle"];

export async function loadOperatorOffer(operatorId: string, locale: Locale = DEFAULT_LOCALE, currency: ShopCurrency = DEFAULT_CURRENCY): Promise<OfferResult> {
  const [product, margin, words] = await Promise.all([loadRead(() => topupProduct(operatorId), "top-up operator"), getMargin(db, "topup"), rateWordsIn([operatorId], locale)]);
  if (!product.ok) return product.code === "OPERATOR_NOT_FOUND" || product.code === "HTTP_404" ? { ...product, code: NOT_SOLD } : product;
  const detail = product.value;
  // Gift card brands share the id space (the un-prefixed aliases): not a top-up operator.
  if (detail.parent_category === "giftcards" || !detail.iso_short_code) return { ok: false, error: "No such operator.", code: NOT_SOLD };

  const serviceTypes = detail.service_types
    .map((st): ServiceTypeGroup => ({
      type: st.service_type,
      // The upstream's name; the page names the types it knows in its language (./service-labels.ts).
      label: st.name ?? st.service_type,
      choices: st.rates.flatMap((rate) => toChoice(words(rate), st.service_type, margin, currency)).sort((a, b) => a.totalMinor - b.totalMinor),
    }))
    .filter((group) => group.choices.length > 0)
    .sort((a, b) => rank(a.type) - rank(b.type));

  const ownPromotions = (detail.promotions ?? []).map((p) => promotionView(p, locale));
  const countryPromotions = await loadPromotions(detail.iso_short_code, detail.id_operator, locale);
  // Only what applies to this operator's rates ("Double data" is not shown beside airtime only).
  const promotions = dedupe([...ownPromotions, ...countryPromotions]).filter((p) => promotionApplies(p.serviceTypes, serviceTypes.map((group) => group.type)));

  return {
    ok: true,
    age: product.age,
    value: {
      operatorId: detail.id_operator,
      operatorName: detail.operator_name,
      countryCode: detail.iso_short_code,
      countryName: countryNameOf(detail.iso_short_code, detail.country_name, locale),
      logoUrl: catalogImageUrl(detail.img),
      serviceTypes,
      choices: serviceTypes.flatMap((group) => group.choices),
      promotions,
      pricesAgeMs: product.age?.ageMs ?? null,
    },
  };
}

/**
 * One upstream rate at the shop's retail price in the buyer's currency (in euros when the upstream
 * gives no dollar figure for it); rates without a EUR amount are not sold.
 */
export function toChoice(rate: Rate, serviceType: string, margin: Margin, currency: ShopCurrency = DEFAULT_CURRENCY): TopupChoice[] {
  if (rate.amount_eur === null || rate.amount_eur === undefined) return [];
  const retail = { productType: "topup" as const, costMinor: rate.total_cost_eur, costCurrency: "EUR", amountMinor: rate.amount_eur, margin };
  const exchange = supplierRate(rate.total_cost_eur, rate.total_cost_usd);
  const price = retailIn(currency, retail, exchange) ?? retailBreakdown(retail);
  return [
    {
      token: rate.token,
      productName: rate.product_name,
      description: rate.description ?? null,
      serviceType: rate.service_type ?? serviceType,
      amountLocalMinor: rate.amount_local ?? null,
      currencyLocal: rate.currency_local ?? null,
      dataGb: rate.data_gb ?? null,
      validityDays: rate.validity_days ?? null,
      currency: price.currency,
      amountMinor: price.amountMinor,
      feeMinor: price.serviceFeeMinor,
      totalMinor: price.totalMinor,
      exchange,
    },
  ];
}

function rank(serviceType: string): number {
  const index = SERVICE_ORDER.indexOf(serviceType);
  return index === -1 ? SERVICE_ORDER.length : index;
}

function dedupe(promotions: PromotionView[]): PromotionView[] {
  const seen = new Set<string>();
  return promotions.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
}
