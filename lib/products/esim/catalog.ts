import { isNextSignal } from "@/lib/errors/next-signal";
import "server-only";
import type { CatalogRead } from "@/lib/catalog/cache";
import { catalogAgeOf } from "@/lib/catalog/age";
import { esimDestinations, esimPlan, esimPlans, expireEsimCatalog } from "@/lib/catalog/esim";
import { NOT_SOLD, type Loaded } from "@/lib/catalog/loaded";
import { db } from "@/lib/db";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { userFailureOf, type UserFailure } from "@/lib/errors/user-message";
import { logger } from "@/lib/log";
import { reviewQuote, type BuyerCurrency, type ReviewQuote } from "@/lib/orders/review-quote";
import { DEFAULT_CURRENCY, type ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import { retailIn, supplierRate, type ExchangeRate } from "@/lib/pricing/exchange";
import { getMargin, retailBreakdown, type Margin } from "@/lib/pricing/retail";
import { isUpstreamError, KNOWN_CODES } from "@/lib/upstream/errors";
import type { EsimDestination, EsimPlan, EsimPlanDetail as UpstreamPlanDetail } from "@/lib/upstream/commerce/schemas";
import { destinationName, isRegion } from "./destination";
import type { Coverage, EsimDestinationSummary, EsimPlanDetail, EsimPlanOffer } from "./types";

// The eSIM catalog for the pages and the point of sale: cached upstream reads
// (lib/catalog/esim.ts) turned into the product's shapes, at the shop's retail prices (upstream
// price + the eSIM margin: the same rule the review's quote applies). Every loader answers data
// with its age, or a failure a buyer can read; its code says which page to show instead:
// ESIM_DISABLED when the supplier says eSIMs are off (thrown now, or recorded by the last refresh
// of a cached copy), NOT_SOLD when the shop does not sell what the address names.

export const ESIM_DISABLED = "ESIM_DISABLED";
export { NOT_SOLD };

const disabled: UserFailure = { ok: false, code: ESIM_DISABLED, error: KNOWN_CODES[ESIM_DISABLED]!.userMessage };
const notSold: UserFailure = { ok: false, code: NOT_SOLD, error: "This eSIM is not sold here." };

/** The supplier switched eSIMs off: its answer now, or the last refresh of a cached copy. */
function disabledBy(...reads: Array<CatalogRead<unknown>>): boolean {
  return reads.some((read) => read.lastError?.startsWith(`${ESIM_DISABLED}:`));
}

/** The codes of the shop's own failures (the upstream's carry theirs): the pages word them in the buyer's language. */
export const DESTINATIONS_UNAVAILABLE = "ESIM_DESTINATIONS_UNAVAILABLE";
export const PLANS_UNAVAILABLE = "ESIM_PLANS_UNAVAILABLE";
export const PLAN_UNAVAILABLE = "ESIM_PLAN_UNAVAILABLE";
export const QUOTE_UNAVAILABLE = "ESIM_QUOTE_UNAVAILABLE";
export const NO_PRICE = "ESIM_NO_PRICE";

/** A failure a buyer can read; one that is not the upstream's gets `code`, so a page can say it in its language. */
const withCode = (failed: UserFailure, code: string): UserFailure => (failed.code ? failed : { ...failed, code });

const failure = (error: unknown, what: string, code: string) =>
  withCode(
    userFailureOf(
      error,
      `eSIM catalog read (${what})`,
      `We could not load the ${what} just now. Please try again in a moment.`,
    ),
    code,
  );

const coverageOf = (code: string, sent?: string | null): Coverage =>
  sent === "REGIONAL" || sent === "GLOBAL" || sent === "COUNTRY"
    ? sent
    : code === "ww"
      ? "GLOBAL"
      : isRegion(code)
        ? "REGIONAL"
        : "COUNTRY";

/**
 * The shop's price for a plan costing `costMinor` euros, in the buyer's currency: converted at the
 * supplier's own rate for it (its dollar figure beside the euro one), else in euros (docs/i18n.md,
 * "Currencies").
 */
function retailMinor(
  costMinor: number,
  usdMinor: number | null | undefined,
  margin: Margin,
  currency: ShopCurrency,
): { totalMinor: number; currency: string; exchange: ExchangeRate | null } {
  const retail = { productType: "esim" as const, costMinor, costCurrency: "EUR", margin };
  const exchange = supplierRate(costMinor, usdMinor);
  const price = retailIn(currency, retail, exchange) ?? retailBreakdown(retail);
  return { totalMinor: price.totalMinor, currency: price.currency, exchange };
}

function summaryOf(d: EsimDestination, margin: Margin, locale: Locale, currency: ShopCurrency): EsimDestinationSummary {
  const from =
    d.from_eur !== null && d.from_eur !== undefined ? retailMinor(d.from_eur, d.from_usd, margin, currency) : null;
  return {
    code: d.country_iso,
    name: destinationName(d.country_iso, d.country_name, locale),
    coverage: coverageOf(d.country_iso, d.coverage_type),
    plansCount: d.plans_count ?? null,
    hasUnlimited: d.has_unlimited ?? false,
    fromMinor: from?.totalMinor ?? null,
    currency: from?.currency ?? "EUR",
    countries: d.countries ?? [d.country_iso],
    networks: d.networks ?? [],
  };
}

/** The plan's price in EUR minor units: plans are listed in EUR (retail_eur is the same number). */
function planCost(plan: EsimPlan | UpstreamPlanDetail): number | null {
  if (plan.price !== undefined && (plan.currency ?? "EUR").toUpperCase() === "EUR") return plan.price;
  return plan.retail_eur ?? null;
}

/** A plan as the shop sells it; null when the supplier gave it no price. */
export function offerOf(
  plan: EsimPlan,
  destination: string,
  margin: Margin,
  currency: ShopCurrency = DEFAULT_CURRENCY,
): EsimPlanOffer | null {
  const cost = planCost(plan);
  if (cost === null) return null;
  const unlimited = plan.unlimited || plan.data_gb === null || plan.data_gb === undefined;
  return {
    catalogId: plan.catalog_id,
    name: plan.name?.trim() || plan.catalog_id,
    destination: plan.country_iso ?? destination,
    coverage: coverageOf(plan.country_iso ?? destination, plan.coverage_type),
    dataGb: unlimited ? null : (plan.data_gb ?? null),
    unlimited,
    validityDays: plan.validity_days ?? null,
    ...retailMinor(cost, plan.retail_usd, margin, currency),
  };
}

export const esimMargin = () => getMargin(db, "esim");

export type Destinations = { countries: EsimDestinationSummary[]; regions: EsimDestinationSummary[] };

/** Every destination at the shop's prices, countries and regions apart; throws what the read throws. */
export async function readDestinations(
  locale: Locale = DEFAULT_LOCALE,
  currency: ShopCurrency = DEFAULT_CURRENCY,
): Promise<{ value: Destinations; read: CatalogRead<unknown> }> {
  const [read, margin] = await Promise.all([esimDestinations(locale), esimMargin()]);
  const all = read.value.map((d) => summaryOf(d, margin, locale, currency));
  const byName = (a: EsimDestinationSummary, b: EsimDestinationSummary) => a.name.localeCompare(b.name, locale);
  return {
    value: {
      countries: all.filter((d) => d.coverage === "COUNTRY").sort(byName),
      regions: all
        .filter((d) => d.coverage !== "COUNTRY")
        .sort((a, b) => (a.coverage === b.coverage ? byName(a, b) : a.coverage === "REGIONAL" ? -1 : 1)),
    },
    read,
  };
}

/** Every destination, named in the buyer's language where the upstream has it. */
export async function loadDestinations(
  locale: Locale = DEFAULT_LOCALE,
  currency: ShopCurrency = DEFAULT_CURRENCY,
): Promise<Loaded<Destinations>> {
  try {
    const { value, read } = await readDestinations(locale, currency);
    if (disabledBy(read)) return disabled;
    return { ok: true, value, age: catalogAgeOf(read) };
  } catch (error) {
    return failure(error, "eSIM destinations", DESTINATIONS_UNAVAILABLE);
  }
}

export type RegionalSuggestion = { region: EsimDestinationSummary; plans: EsimPlanOffer[] };
export type DestinationOffer = {
  destination: EsimDestinationSummary;
  plans: EsimPlanOffer[];
  regional: RegionalSuggestion[];
};

/** How many of a region's plans a country page suggests (cheapest first). */
const SUGGESTED_PER_REGION = 3;

const findDestination = (destinations: Destinations, code: string) =>
  [...destinations.countries, ...destinations.regions].find((d) => d.code === code);

/**
 * A destination's plans; for a country also the regions that cover it (Europe for France,
 * and Worldwide) with their cheapest plans, since a trip often crosses a border. A region
 * whose plans cannot be read is left out rather than failing the page.
 */
export async function loadDestinationOffer(
  code: string,
  locale: Locale = DEFAULT_LOCALE,
  currency: ShopCurrency = DEFAULT_CURRENCY,
): Promise<Loaded<DestinationOffer>> {
  const destinations = await loadDestinations(locale, currency);
  if (!destinations.ok) return destinations;
  const destination = findDestination(destinations.value, code);
  if (!destination) return notSold;
  try {
    const [read, margin] = await Promise.all([esimPlans(code, locale), esimMargin()]);
    if (disabledBy(read)) return disabled;
    const plans = read.value
      .map((p) => offerOf(p, code, margin, currency))
      .filter((p): p is EsimPlanOffer => p !== null);
    const covering =
      destination.coverage === "COUNTRY" ? destinations.value.regions.filter((r) => r.countries.includes(code)) : [];
    const regional = await Promise.all(covering.map((region) => suggestionsFor(region, margin, locale, currency)));
    return {
      ok: true,
      value: { destination, plans, regional: regional.filter((r): r is RegionalSuggestion => r !== null) },
      age: catalogAgeOf(read) ?? destinations.age,
    };
  } catch (error) {
    return failure(error, "eSIM plans", PLANS_UNAVAILABLE);
  }
}

async function suggestionsFor(
  region: EsimDestinationSummary,
  margin: Margin,
  locale: Locale,
  currency: ShopCurrency,
): Promise<RegionalSuggestion | null> {
  try {
    const read = await esimPlans(region.code, locale);
    const plans = read.value
      .map((p) => offerOf(p, region.code, margin, currency))
      .filter((p): p is EsimPlanOffer => p !== null)
      .sort((a, b) => a.totalMinor - b.totalMinor)
      .slice(0, SUGGESTED_PER_REGION);
    return plans.length > 0 ? { region, plans } : null;
  } catch (error) {
    if (isNextSignal(error)) throw error;
    logger.warn({ err: error, region: region.code }, "regional eSIM plans unavailable; not suggested");
    return null;
  }
}

export type PlanOffer = { destination: EsimDestinationSummary; plan: EsimPlanDetail; priceToken: string };

/**
 * One plan of one destination, with a fresh price token (the plan detail is cached for the
 * plans' lifetime, well inside the token's validity). A plan of another destination is not
 * sold (NOT_SOLD): the destination in the address is the one the buyer confirms at checkout.
 */
export async function loadPlanOffer(
  code: string,
  catalogId: string,
  locale: Locale = DEFAULT_LOCALE,
  currency: ShopCurrency = DEFAULT_CURRENCY,
): Promise<Loaded<PlanOffer>> {
  const destinations = await loadDestinations(locale, currency);
  if (!destinations.ok) return destinations;
  const destination = findDestination(destinations.value, code);
  if (!destination) return notSold;
  try {
    const [read, margin] = await Promise.all([esimPlan(catalogId, locale), esimMargin()]);
    if (disabledBy(read)) return disabled;
    const detail = read.value;
    if ((detail.country_iso ?? code) !== code) return notSold;
    const offer = offerOf(detail, code, margin, currency);
    if (!offer)
      return { ok: false, code: NO_PRICE, error: "This plan has no price right now. Please choose another one." };
    const plan: EsimPlanDetail = {
      ...offer,
      description: detail.description?.trim() || null,
      countries: detail.countries ?? destination.countries,
      networks: detail.networks ?? destination.networks,
    };
    return {
      ok: true,
      value: { destination, plan, priceToken: detail.price_token },
      age: catalogAgeOf(read) ?? destinations.age,
    };
  } catch (error) {
    // By the code, not the status: a failure remembered by the catalog cache comes back
    // without its HTTP status (lib/catalog/cache-store.ts recordedError), and must still say 404.
    if (
      isUpstreamError(error) &&
      (error.canonicalCode === "PLAN_NOT_FOUND" || error.status === 404) &&
      error.canonicalCode !== ESIM_DISABLED
    )
      return notSold;
    return failure(error, "eSIM plan", PLAN_UNAVAILABLE);
  }
}

/**
 * The review's price: the supplier's preview of the plan (catalog_id + price_token) plus the
 * shop's margin. A preview answering "eSIMs are off" also ends the cached catalog's lifetime,
 * so the pages stop listing plans at once.
 */
export async function loadEsimQuote(
  catalogId: string,
  priceToken: string,
  price: BuyerCurrency = {},
): Promise<ReviewQuote> {
  const quote = await reviewQuote(
    { type: "esim", catalogId, priceToken },
    "eSIM quote",
    "We could not price this plan just now. Please try again in a moment.",
    price,
  );
  if (quote.ok) return quote;
  if (quote.code === ESIM_DISABLED) await expireEsimCatalog();
  return withCode(quote, QUOTE_UNAVAILABLE);
}
