import type { EmulatorContext } from "../../core/context";
import type { CatalogState } from "./catalog-state";
import { alpha3, callingCode, countryId, countryName, type Lang } from "./countries";
import { currencyOf } from "./data/currencies";
import { GIFTCARD_CATEGORY_ID } from "./build/giftcards";
import type {
  EsimDestination,
  EsimPlan,
  GiftcardBrand,
  PromotionTemplate,
  Rate,
  ServiceOperator,
  TopupOperator,
} from "./model";
import { toDecimal } from "./money";
import { signEsimToken } from "./tokens";

// Internal catalog records → API JSON (snake_case, money as decimal strings, ISO-2 lower case).

export function operatorImageUrl(ctx: EmulatorContext, id: number): string {
  return `${ctx.config.publicUrl}/v2/img/operators/${id}.svg`;
}

const REGION_NAMES: Record<string, Partial<Record<Lang, string>> & { en: string }> = {
  eu: {
    en: "Europe",
    es: "Europa",
    fr: "Europe",
    de: "Europa",
    it: "Europa",
    pt: "Europa",
    nl: "Europa",
    tr: "Avrupa",
  },
  as: { en: "Asia", es: "Asia", fr: "Asie", de: "Asien", it: "Asia", pt: "Ásia", nl: "Azië", tr: "Asya" },
  ww: {
    en: "Worldwide",
    es: "Todo el mundo",
    fr: "Monde entier",
    de: "Weltweit",
    it: "Tutto il mondo",
    pt: "Mundo inteiro",
    nl: "Wereldwijd",
    tr: "Dünya geneli",
  },
};

/** A country's name, or a region slug's name for eSIM destinations. */
export function destinationName(iso: string, lang: Lang): string {
  const region = REGION_NAMES[iso];
  return region ? (region[lang] ?? region.en) : countryName(iso, lang);
}

export function countryFields(iso: string, lang: Lang) {
  return { id_country: countryId(iso), iso_short_code: iso, country_name: countryName(iso, lang) };
}

export function presentCountry(state: CatalogState, iso: string, lang: Lang) {
  const carriers = state.carriers(iso).length;
  const brands = state.brands(iso).length;
  return {
    ...countryFields(iso, lang),
    iso3: alpha3(iso).toLowerCase(),
    calling_code: callingCode(iso),
    currency: currencyOf(iso).code,
    operators_count: carriers,
    brands_count: brands,
    verticals: [...(carriers > 0 ? ["topup"] : []), ...(brands > 0 ? ["giftcard"] : [])],
  };
}

export function presentCarrier(ctx: EmulatorContext, carrier: TopupOperator, lang: Lang) {
  return {
    id_operator: carrier.id,
    id_parent: null,
    category: "topup",
    operator_name: carrier.name,
    legal_name: carrier.legalName,
    ...countryFields(carrier.countryIso, lang),
    img: operatorImageUrl(ctx, carrier.id),
    service_types: carrier.services.map((s) => s.serviceType),
    mcc_mnc: carrier.mccMnc,
    currency: currencyOf(carrier.countryIso).code,
  };
}

export function presentBrandSummary(ctx: EmulatorContext, brand: GiftcardBrand, lang: Lang) {
  const faces = brand.denominations.map((d) => d.localAmount);
  return {
    id_operator: brand.id,
    id_parent: GIFTCARD_CATEGORY_ID,
    parent_category: "giftcards",
    category: "giftcard",
    brand_category: brand.category,
    brand_name: brand.name,
    operator_name: `${brand.name} ${countryName(brand.countryIso, lang)}`,
    ...countryFields(brand.countryIso, lang),
    img: operatorImageUrl(ctx, brand.id),
    currency: brand.currency,
    min_face_value: toDecimal(Math.round(Math.min(...faces) * 100)),
    max_face_value: toDecimal(Math.round(Math.max(...faces) * 100)),
    denominations_count: brand.denominations.length,
  };
}

export function presentBrandDetail(
  ctx: EmulatorContext,
  state: CatalogState,
  brand: GiftcardBrand,
  lang: Lang,
  nowMs: number,
) {
  const region = countryName(brand.countryIso, lang);
  return {
    ...presentBrandSummary(ctx, brand, lang),
    description: brand.description,
    logo: operatorImageUrl(ctx, brand.id),
    redemption_instructions: brand.redemption,
    region: {
      ...countryFields(brand.countryIso, lang),
      works_in: `Redeemable only in ${region} (accounts and stores of ${region}).`,
    },
    rates: brand.denominations.map((r) => presentRate(r)),
    promotions: state
      .activePromotions(nowMs, ["giftcard"])
      .filter((p) => p.operatorId === brand.id)
      .map((p) => presentPromotion(state, p, lang)),
    priced_at: new Date(nowMs).toISOString(),
  };
}

/** A rate in the caller's language where the supplier has its texts in it (Spanish for top-ups), else in English. */
export function presentRate(rate: Rate, lang: Lang = "en") {
  const texts = (lang === "es" ? rate.translated?.es : undefined) ?? rate;
  return {
    token: rate.token,
    product_name: texts.productName,
    description: texts.description,
    service_type: rate.serviceType,
    id_operator: rate.operatorId,
    amount_local: toDecimal(Math.round(rate.localAmount * 100)),
    currency_local: rate.localCurrency,
    amount_eur: toDecimal(rate.amountMinor),
    amount_usd: toDecimal(rate.amountUsdMinor),
    service_fee_eur: toDecimal(rate.feeMinor),
    service_fee_usd: toDecimal(rate.feeUsdMinor),
    total_cost_eur: toDecimal(rate.totalMinor),
    total_cost_usd: toDecimal(rate.totalUsdMinor),
    ...(rate.dataGb !== undefined ? { data_gb: rate.dataGb } : {}),
    ...(rate.validityDays !== undefined ? { validity_days: rate.validityDays } : {}),
  };
}

export function presentServiceType(service: ServiceOperator, carrier: TopupOperator) {
  return {
    id_operator: service.id,
    id_parent: carrier.id,
    service_type: service.serviceType,
    name: `${carrier.name} ${SERVICE_TYPES[service.serviceType].name}`,
    description: SERVICE_TYPES[service.serviceType].description,
    rates_count: service.rates.length,
  };
}

export const SERVICE_TYPES = {
  airtime: { name: "Airtime", description: "Prepaid credit in the recipient's local currency." },
  data: { name: "Data", description: "Mobile data packages with a validity period." },
  bundle: { name: "Bundle", description: "Minutes, SMS and data together for a period." },
  giftcard: {
    name: "Gift card",
    description: "Digital gift card codes (brands are operators whose parent category is gift cards).",
  },
} as const;

export function presentPromotion(state: CatalogState, promotion: PromotionTemplate, lang: Lang) {
  const ref = state.operator(promotion.operatorId, ["topup", "giftcard"]);
  const iso = ref?.kind === "brand" ? ref.brand.countryIso : (ref?.carrier.countryIso ?? "");
  const { startsAt, endsAt } = state.promotionWindow(promotion);
  return {
    id: promotion.id,
    category: promotion.vertical,
    id_operator: promotion.operatorId,
    operator_name: ref?.kind === "brand" ? ref.brand.name : (ref?.carrier.name ?? ""),
    ...countryFields(iso, lang),
    title: promotion.title,
    description: promotion.description,
    bonus_percent: promotion.bonusPercent,
    starts_at: new Date(startsAt).toISOString(),
    ends_at: new Date(endsAt).toISOString(),
  };
}

// A plan's texts: in Spanish for `lang=es` (the language the sandbox translates plan texts to,
// besides the country names it has in eight), in English otherwise.
export function esimPlanName(plan: EsimPlan, lang: Lang): string {
  const where = destinationName(plan.destination, lang);
  const days = plan.validityDays;
  if (lang === "es")
    return `${where} ${plan.unlimited ? "Ilimitado" : `${plan.dataGb} GB`}, ${days} ${days === 1 ? "día" : "días"}`;
  return `${where} ${plan.unlimited ? "Unlimited" : `${plan.dataGb} GB`}, ${days} ${days === 1 ? "day" : "days"}`;
}

export function esimPlanDescription(plan: EsimPlan, lang: Lang): string {
  const days = plan.validityDays;
  if (lang === "es") {
    return `${plan.unlimited ? "Datos ilimitados" : `${plan.dataGb} GB de datos`} durante ${days} ${days === 1 ? "día" : "días"}. Solo datos, sin número de teléfono; instálala con el código QR antes de viajar.`;
  }
  return `${plan.unlimited ? "Unlimited data" : `${plan.dataGb} GB of data`} for ${days} days. Data only, no phone number; install by QR code before you travel.`;
}

export function presentPlan(plan: EsimPlan, lang: Lang, currency: "EUR" | "USD", nowMs: number, tokenKey: Uint8Array) {
  const price = currency === "USD" ? plan.retailUsdMinor : plan.retailMinor;
  return {
    catalog_id: plan.catalogId,
    name: esimPlanName(plan, lang),
    data_gb: plan.dataGb,
    unlimited: plan.unlimited,
    validity_days: plan.validityDays,
    retail_eur: toDecimal(plan.retailMinor),
    retail_usd: toDecimal(plan.retailUsdMinor),
    currency,
    price: toDecimal(price),
    country_iso: plan.destination,
    country_name: destinationName(plan.destination, lang),
    coverage_type: plan.coverageType,
    price_token: signEsimToken(tokenKey, {
      catalogId: plan.catalogId,
      amount: toDecimal(price),
      currency,
      unlimited: plan.unlimited,
      issuedAtSec: Math.floor(nowMs / 1000),
    }),
  };
}

export function presentDestination(destination: EsimDestination, plans: readonly EsimPlan[], lang: Lang) {
  const cheapest = plans.reduce<EsimPlan | undefined>(
    (best, p) => (!best || p.retailMinor < best.retailMinor ? p : best),
    undefined,
  );
  return {
    country_iso: destination.iso,
    country_name: destinationName(destination.iso, lang),
    coverage_type: destination.coverageType,
    plans_count: plans.length,
    has_unlimited: plans.some((p) => p.unlimited),
    from_eur: cheapest ? toDecimal(cheapest.retailMinor) : null,
    from_usd: cheapest ? toDecimal(cheapest.retailUsdMinor) : null,
    countries: destination.countries,
    networks: destination.networks,
  };
}
