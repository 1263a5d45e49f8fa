import "server-only";
import { esimPlans } from "@/lib/catalog/esim";
import type { EsimPlan } from "@/lib/upstream/commerce/schemas";
import { esimMargin, offerOf, readDestinations } from "./catalog";
import { planLabel } from "./format";
import type { EsimPlanOffer } from "./types";

// The eSIM catalog as the point of sale lists it: destinations, and a destination's plans at the
// shop's price, read from the same catalog as the storefront (./catalog.ts). Its reads throw what
// the upstream throws: the POS page and actions show the error's own message.

export type EsimDestinationOption = { code: string; name: string };
export type EsimPlanOption = { catalogId: string; label: string; totalMinor: number; currency: string };

export async function posEsimDestinations(): Promise<EsimDestinationOption[]> {
  const { value } = await readDestinations();
  return [...value.countries, ...value.regions]
    .filter((d) => (d.plansCount ?? 1) > 0)
    .map((d) => ({ code: d.code.toLowerCase(), name: d.name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** The label of an upstream plan: lib/admin/pos/resolve.ts reads plans this way until the point of sale checks out through ./sale.ts. */
export const upstreamPlanLabel = (plan: EsimPlan) =>
  planLabel({
    name: plan.name?.trim() || plan.catalog_id,
    unlimited: !!plan.unlimited,
    dataGb: plan.data_gb ?? null,
    validityDays: plan.validity_days ?? null,
  });

/** A destination's plans, cheapest first; `planFor` finds one by catalog id (with its current price token). */
export async function posEsimPlans(
  country: string,
): Promise<{ options: EsimPlanOption[]; planFor: (catalogId: string) => EsimPlan | undefined }> {
  const [read, margin] = await Promise.all([esimPlans(country), esimMargin()]);
  const options = read.value
    .map((plan) => offerOf(plan, country, margin))
    .filter((offer): offer is EsimPlanOffer => offer !== null)
    .map((offer) => ({
      catalogId: offer.catalogId,
      label: planLabel(offer),
      totalMinor: offer.totalMinor,
      currency: offer.currency,
    }))
    .sort((a, b) => a.totalMinor - b.totalMinor);
  return { options, planFor: (catalogId) => read.value.find((p) => p.catalog_id === catalogId) };
}
