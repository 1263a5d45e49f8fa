import "server-only";
import { catalogAgeOf, type CatalogAge } from "@/lib/catalog/age";
import type { CatalogRead } from "@/lib/catalog/cache";
import { esimDestinations, esimPlan, esimPlans } from "@/lib/catalog/esim";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { getMargin, retailBreakdown, type Margin } from "@/lib/pricing/retail";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { EsimDestination, EsimPlan, EsimPlanDetail as UpstreamPlanDetail } from "@/lib/upstream/commerce/schemas";
import { destinationName, isRegion } from "@/components/shop/esim/destination";
import type { Coverage, EsimDestinationSummary, EsimPlanDetail, EsimPlanOffer } from "@/components/shop/esim/types";

// The eSIM catalog for the pages: cached upstream reads (lib/catalog/esim.ts) turned into the
// components' shapes, at the shop's retail prices (upstream price + the eSIM margin: the same
// rule the review's quote applies). Every loader answers data with its age, "disabled" when the
// supplier says eSIMs are off (ESIM_DISABLED, thrown now or recorded by the last refresh of a
// cached copy), or a message that is safe to show.

export type Loaded<T> = { ok: true; value: T; age: CatalogAge } | { ok: false; error: string } | { ok: "disabled" };

const DISABLED = "ESIM_DISABLED";

/** The supplier switched eSIMs off: its answer now, or the last refresh of a cached copy. */
function disabledBy(...reads: Array<CatalogRead<unknown>>): boolean {
  return reads.some((read) => read.lastError?.startsWith(`${DISABLED}:`));
}

function failure(error: unknown, what: string): { ok: false; error: string } | { ok: "disabled" } {
  if (isUpstreamError(error) && error.canonicalCode === DISABLED) return { ok: "disabled" };
  if (isUpstreamError(error)) return { ok: false, error: error.userMessage };
  logger.error({ err: error }, `eSIM ${what} could not be loaded`);
  return { ok: false, error: `We could not load the ${what} just now. Please try again in a moment.` };
}

const coverageOf = (code: string, sent?: string | null): Coverage =>
  sent === "REGIONAL" || sent === "GLOBAL" || sent === "COUNTRY" ? sent : code === "ww" ? "GLOBAL" : isRegion(code) ? "REGIONAL" : "COUNTRY";

function retailMinor(costMinor: number, margin: Margin): { totalMinor: number; currency: string } {
  const price = retailBreakdown({ productType: "esim", costMinor, costCurrency: "EUR", margin });
  return { totalMinor: price.totalMinor, currency: price.currency };
}

function summaryOf(d: EsimDestination, margin: Margin): EsimDestinationSummary {
  const from = d.from_eur !== null && d.from_eur !== undefined ? retailMinor(d.from_eur, margin) : null;
  return {
    code: d.country_iso,
    name: destinationName(d.country_iso, d.country_name),
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

function offerOf(plan: EsimPlan, destination: string, margin: Margin): EsimPlanOffer | null {
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
    ...retailMinor(cost, margin),
  };
}

export type Destinations = { countries: EsimDestinationSummary[]; regions: EsimDestinationSummary[] };

export async function loadDestinations(): Promise<Loaded<Destinations>> {
  try {
    const [read, margin] = await Promise.all([esimDestinations(), getMargin(db, "esim")]);
    if (disabledBy(read)) return { ok: "disabled" };
    const all = read.value.map((d) => summaryOf(d, margin));
    const byName = (a: EsimDestinationSummary, b: EsimDestinationSummary) => a.name.localeCompare(b.name, "en");
    return {
      ok: true,
      value: { countries: all.filter((d) => d.coverage === "COUNTRY").sort(byName), regions: all.filter((d) => d.coverage !== "COUNTRY").sort((a, b) => (a.coverage === b.coverage ? byName(a, b) : a.coverage === "REGIONAL" ? -1 : 1)) },
      age: catalogAgeOf(read),
    };
  } catch (error) {
    return failure(error, "eSIM destinations");
  }
}

export type RegionalSuggestion = { region: EsimDestinationSummary; plans: EsimPlanOffer[] };
export type DestinationOffer = { destination: EsimDestinationSummary; plans: EsimPlanOffer[]; regional: RegionalSuggestion[] };

/** How many of a region's plans a country page suggests (cheapest first). */
const SUGGESTED_PER_REGION = 3;

/**
 * A destination's plans; for a country also the regions that cover it (Europe for France,
 * and Worldwide) with their cheapest plans, since a trip often crosses a border. A region
 * whose plans cannot be read is left out rather than failing the page.
 */
export async function loadDestinationOffer(code: string): Promise<Loaded<DestinationOffer> | { ok: "not_found" }> {
  const destinations = await loadDestinations();
  if (destinations.ok !== true) return destinations;
  const all = [...destinations.value.countries, ...destinations.value.regions];
  const destination = all.find((d) => d.code === code);
  if (!destination) return { ok: "not_found" };
  try {
    const [read, margin] = await Promise.all([esimPlans(code), getMargin(db, "esim")]);
    if (disabledBy(read)) return { ok: "disabled" };
    const plans = read.value.map((p) => offerOf(p, code, margin)).filter((p): p is EsimPlanOffer => p !== null);
    const covering = destination.coverage === "COUNTRY" ? destinations.value.regions.filter((r) => r.countries.includes(code)) : [];
    const regional = await Promise.all(covering.map((region) => suggestionsFor(region, margin)));
    return { ok: true, value: { destination, plans, regional: regional.filter((r): r is RegionalSuggestion => r !== null) }, age: catalogAgeOf(read) ?? destinations.age };
  } catch (error) {
    return failure(error, "eSIM plans");
  }
}

async function suggestionsFor(region: EsimDestinationSummary, margin: Margin): Promise<RegionalSuggestion | null> {
  try {
    const read = await esimPlans(region.code);
    const plans = read.value
      .map((p) => offerOf(p, region.code, margin))
      .filter((p): p is EsimPlanOffer => p !== null)
      .sort((a, b) => a.totalMinor - b.totalMinor)
      .slice(0, SUGGESTED_PER_REGION);
    return plans.length > 0 ? { region, plans } : null;
  } catch (error) {
    logger.warn({ err: error, region: region.code }, "regional eSIM plans unavailable; not suggested");
    return null;
  }
}

export type PlanOffer = { destination: EsimDestinationSummary; plan: EsimPlanDetail; priceToken: string };

/**
 * One plan of one destination, with a fresh price token (the plan detail is cached for the
 * plans' lifetime, well inside the token's validity). A plan of another destination is "not
 * found": the destination in the address is the one the buyer confirms at checkout.
 */
export async function loadPlanOffer(code: string, catalogId: string): Promise<Loaded<PlanOffer> | { ok: "not_found" }> {
  const destinations = await loadDestinations();
  if (destinations.ok !== true) return destinations;
  const destination = [...destinations.value.countries, ...destinations.value.regions].find((d) => d.code === code);
  if (!destination) return { ok: "not_found" };
  try {
    const [read, margin] = await Promise.all([esimPlan(catalogId), getMargin(db, "esim")]);
    if (disabledBy(read)) return { ok: "disabled" };
    const detail = read.value;
    if ((detail.country_iso ?? code) !== code) return { ok: "not_found" };
    const offer = offerOf(detail, code, margin);
    if (!offer) return { ok: false, error: "This plan has no price right now. Please choose another one." };
    const plan: EsimPlanDetail = {
      ...offer,
      description: detail.description?.trim() || null,
      countries: detail.countries ?? destination.countries,
      networks: detail.networks ?? destination.networks,
    };
    return { ok: true, value: { destination, plan, priceToken: detail.price_token }, age: catalogAgeOf(read) ?? destinations.age };
  } catch (error) {
    if (isUpstreamError(error) && error.status === 404 && error.canonicalCode !== DISABLED) return { ok: "not_found" };
    return failure(error, "eSIM plan");
  }
}
