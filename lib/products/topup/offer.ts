import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { DEFAULT_CURRENCY, type ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import { retailIn, supplierRate } from "@/lib/pricing/exchange";
import { countryNameOf } from "./countries";
import type { PromotionView, ServiceTypeGroup, TopupChoice, TopupOffer } from "./types";
import { catalogImageUrl } from "@/lib/catalog/images";
import { operatorRates, topupProduct } from "@/lib/catalog/topup";
import { db } from "@/lib/db";
import { getMargin, retailBreakdown, type Margin } from "@/lib/pricing/retail";
import type { Rate, RatesResult, TopupProduct } from "@/lib/upstream/commerce";
import { loadPromotions, promotionView } from "./catalog";
import { promotionApplies } from "./promotion-scope";
import { distinctNames, topupRateName } from "./rate-name";
import { withServiceTypes } from "./typed-rates";
import { loadRead, NOT_SOLD, type Loaded } from "@/lib/catalog/loaded";

// What the shop offers for one operator: its price points at the shop's retail price (upstream
// cost + margin, the same rule the review's quote applies), grouped by service type, its logo
// through the shop, and its active promotions. Read on every step and again by the pay action,
// so a price token the buyer sends back is accepted only if it is one of this operator's
// current rates.
//
// Prices and tokens come from the operator's rates (C§4 GET /topup/operators/{id}/rates: "price
// points with token, fees, totals"), read in the buyer's language (one read gives words and
// prices). The operator detail (GET /topup/products/{operator_id}) gives the operator's own
// fields only; where it cannot, the rates' wrapper (upstream-notes) does. Rates that name no
// service type (C§2) get theirs from the operator's service types (./typed-rates.ts), so they
// are grouped and named as a buyer expects ("Airtime worth €5.85"); when that cannot be read,
// they share one tab (UNTYPED_RATES).

export type OfferResult = Loaded<TopupOffer>;

const SERVICE_ORDER = ["airtime", "data", "bundle"];

/** The group of rates that name no service type (C§2 "Rate" names none), and its tab's name. */
export const UNTYPED_RATES = "topup";
const UNTYPED_LABEL: Record<Locale, string> = { en: "Top-ups", es: "Recargas" };

/** Said when neither read names the operator and its country: the number cannot be checked against it. */
export const OPERATOR_UNNAMED =
  "We cannot sell top-ups for this operator just now. Please try again later or choose another operator.";

export async function loadOperatorOffer(
  operatorId: string,
  locale: Locale = DEFAULT_LOCALE,
  currency: ShopCurrency = DEFAULT_CURRENCY,
): Promise<OfferResult> {
  const [rates, product, margin] = await Promise.all([
    loadRatesIn(operatorId, locale),
    loadRead(() => topupProduct(operatorId), "top-up operator"),
    getMargin(db, "topup"),
  ]);
  if (!rates.ok)
    return rates.code === "OPERATOR_NOT_FOUND" || rates.code === "HTTP_404" ? { ...rates, code: NOT_SOLD } : rates;
  const operator = operatorOf(operatorId, product.ok ? product.value : null, rates.value);
  // Gift card brands share the id space (the un-prefixed aliases): not a top-up operator.
  if (operator === "giftcard") return { ok: false, error: "No such operator.", code: NOT_SOLD };
  if (!operator) return { ok: false, error: OPERATOR_UNNAMED };

  const typed = await withServiceTypes(operatorId, rates.value.rates, (childId) => loadRatesIn(childId, locale));
  const serviceTypes = groupByServiceType(
    typed.flatMap((rate) => toChoice(rate, rate.service_type ?? UNTYPED_RATES, margin, currency, locale)),
    locale,
  );
  const ownPromotions = ((product.ok && product.value.promotions) || []).map((p) => promotionView(p, locale));
  const countryPromotions = await loadPromotions(operator.countryCode, operator.id, locale);
  // Only what applies to this operator's rates ("Double data" is not shown beside airtime only).
  const promotions = dedupe([...ownPromotions, ...countryPromotions]).filter((p) =>
    promotionApplies(
      p.serviceTypes,
      serviceTypes.map((group) => group.type),
    ),
  );

  return {
    ok: true,
    age: rates.age,
    value: {
      operatorId: operator.id,
      operatorName: operator.name,
      countryCode: operator.countryCode,
      countryName: countryNameOf(operator.countryCode, operator.countryName, locale),
      logoUrl: catalogImageUrl(operator.img),
      serviceTypes,
      choices: serviceTypes.flatMap((group) => group.choices),
      promotions,
      pricesAgeMs: rates.age?.ageMs ?? null,
    },
  };
}

/** The operator's rates in the buyer's language; when that read fails, the upstream's own (the page still sells). */
async function loadRatesIn(operatorId: string, locale: Locale): Promise<Loaded<RatesResult>> {
  const read = await loadRead(() => operatorRates(operatorId, locale), "top-up rates");
  if (read.ok || locale === DEFAULT_LOCALE) return read;
  return loadRead(() => operatorRates(operatorId, DEFAULT_LOCALE), "top-up rates");
}

type OperatorFields = {
  id: string;
  name: string;
  countryCode: string;
  countryName: string | undefined;
  img: string | null | undefined;
};

/** The operator's own fields: the detail's, else the rates' wrapper's; null when neither names it and its country. */
function operatorOf(
  operatorId: string,
  detail: TopupProduct | null,
  rates: RatesResult,
): OperatorFields | "giftcard" | null {
  if (detail?.parent_category === "giftcards" || rates.parent_category === "giftcards") return "giftcard";
  const name = detail?.operator_name ?? rates.operator_name;
  const countryCode = detail?.iso_short_code ?? rates.iso_short_code;
  if (!name || !countryCode) return null;
  return {
    id: detail?.id_operator ?? rates.id_operator ?? operatorId,
    name,
    countryCode,
    countryName: detail?.country_name ?? rates.country_name,
    img: detail?.img ?? rates.img,
  };
}

function groupByServiceType(choices: TopupChoice[], locale: Locale): ServiceTypeGroup[] {
  const groups = new Map<string, TopupChoice[]>();
  for (const choice of choices) groups.set(choice.serviceType, [...(groups.get(choice.serviceType) ?? []), choice]);
  return (
    [...groups.entries()]
      // The page names the types it knows in its language (./service-labels.ts); any other shows as sent.
      .map(([type, group]): ServiceTypeGroup => ({
        type,
        label: type === UNTYPED_RATES ? UNTYPED_LABEL[locale] : type,
        choices: distinctlyNamed(
          group.sort((a, b) => a.totalMinor - b.totalMinor),
          locale,
        ),
      }))
      .sort((a, b) => rank(a.type) - rank(b.type))
  );
}

/** A tab's choices with names a buyer can tell apart (./rate-name.ts distinctNames). */
function distinctlyNamed(choices: TopupChoice[], locale: Locale): TopupChoice[] {
  const names = distinctNames(
    choices.map((choice) => choice.productName),
    locale,
  );
  return choices.map((choice, index) =>
    names[index] === choice.productName ? choice : { ...choice, productName: names[index]! },
  );
}

/**
 * One upstream rate at the shop's retail price in the buyer's currency (in euros when the upstream
 * gives no dollar figure for it), named in the buyer's language (./rate-name.ts); a rate with no
 * value before its fee is not sold.
 */
export function toChoice(
  rate: Rate,
  serviceType: string,
  margin: Margin,
  currency: ShopCurrency = DEFAULT_CURRENCY,
  locale: Locale = DEFAULT_LOCALE,
): TopupChoice[] {
  const productName = topupRateName(rate, locale);
  if (rate.amount_eur === null || rate.amount_eur === undefined || !productName) return [];
  const retail = {
    productType: "topup" as const,
    costMinor: rate.total_cost_eur,
    costCurrency: "EUR",
    amountMinor: rate.amount_eur,
    margin,
  };
  const exchange = supplierRate(rate.total_cost_eur, rate.total_cost_usd);
  const price = retailIn(currency, retail, exchange) ?? retailBreakdown(retail);
  return [
    {
      token: rate.token,
      productName,
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
