import "server-only";
import { esimDestinations, esimPlans } from "@/lib/catalog/esim";
import { db } from "@/lib/db";
import { getMargin, retailBreakdown } from "@/lib/pricing/retail";
import type { EsimPlan } from "@/lib/upstream/commerce/schemas";

// The eSIM catalog as the point of sale needs it: destinations, and a destination's plans at
// the shop's price (the upstream's EUR price + the eSIM margin, the rule every quote applies;
// the preview before placing is still the upstream's own quote).

export type EsimDestinationOption = { code: string; name: string };
export type EsimPlanOption = { catalogId: string; label: string; totalMinor: number; currency: string };

export async function posEsimDestinations(): Promise<EsimDestinationOption[]> {
  const read = await esimDestinations();
  return read.value
    .filter((d) => (d.plans_count ?? 1) > 0)
    .map((d) => ({ code: d.country_iso.toLowerCase(), name: d.country_name ?? d.country_iso.toUpperCase() }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

export function planLabel(plan: EsimPlan): string {
  const data = plan.unlimited ? "Unlimited" : plan.data_gb !== null && plan.data_gb !== undefined ? `${plan.data_gb} GB` : null;
  const days = plan.validity_days ? `${plan.validity_days} days` : null;
  return [plan.name, [data, days].filter(Boolean).join(", ")].filter(Boolean).join(" · ") || plan.catalog_id;
}

/** A destination's plans; `planFor` finds one by catalog id (with its current price token). */
export async function posEsimPlans(country: string): Promise<{ options: EsimPlanOption[]; planFor: (catalogId: string) => EsimPlan | undefined }> {
  const [read, margin] = await Promise.all([esimPlans(country), getMargin(db, "esim")]);
  const plans = read.value.filter((p) => typeof p.retail_eur === "number");
  const options = plans
    .map((plan) => {
      const price = retailBreakdown({ productType: "esim", costMinor: plan.retail_eur!, costCurrency: "EUR", margin });
      return { catalogId: plan.catalog_id, label: planLabel(plan), totalMinor: price.totalMinor, currency: price.currency };
    })
    .sort((a, b) => a.totalMinor - b.totalMinor);
  return { options, planFor: (catalogId) => plans.find((p) => p.catalog_id === catalogId) };
}
