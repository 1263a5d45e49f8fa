import type { EsimPlanOffer } from "@/lib/products/esim/types";

// The plan list's filters (URL search parameters, so a filtered list can be shared and works
// without JavaScript): unlimited or limited, at least so much data, at least so many days,
// and the price order.

export type DataType = "all" | "unlimited" | "limited";
export type PriceSort = "price-asc" | "price-desc";
export type PlanFilters = { type: DataType; minGb: number | null; minDays: number | null; sort: PriceSort };

type Search = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? "";

function positiveInt(text: string): number | null {
  if (!/^\d{1,4}$/.test(text)) return null;
  const value = Number(text);
  return value > 0 ? value : null;
}

/** Reads the filters from the URL; anything unknown falls back to "no filter". */
export function parsePlanFilters(search: Search): PlanFilters {
  const type = one(search.type);
  const sort = one(search.sort);
  return {
    type: type === "unlimited" || type === "limited" ? type : "all",
    minGb: positiveInt(one(search.data)),
    minDays: positiveInt(one(search.days)),
    sort: sort === "price-desc" ? "price-desc" : "price-asc",
  };
}

/**
 * The plans that pass the filters, in price order (ties: more data, then more days). A data
 * minimum keeps unlimited plans (they have more than any amount); "limited" drops them.
 */
export function filterPlans(plans: readonly EsimPlanOffer[], filters: PlanFilters): EsimPlanOffer[] {
  const kept = plans.filter((plan) => {
    if (filters.type === "unlimited" && !plan.unlimited) return false;
    if (filters.type === "limited" && plan.unlimited) return false;
    if (filters.minGb !== null && !plan.unlimited && (plan.dataGb ?? 0) < filters.minGb) return false;
    if (filters.minDays !== null && (plan.validityDays ?? 0) < filters.minDays) return false;
    return true;
  });
  const direction = filters.sort === "price-desc" ? -1 : 1;
  return kept.sort(
    (a, b) =>
      direction * (a.totalMinor - b.totalMinor) ||
      dataRank(b) - dataRank(a) ||
      (b.validityDays ?? 0) - (a.validityDays ?? 0),
  );
}

function dataRank(plan: EsimPlanOffer): number {
  return plan.unlimited ? Number.MAX_SAFE_INTEGER : (plan.dataGb ?? 0);
}

/** The choices the data and validity selects offer: the distinct values of the plans. */
export function filterChoices(plans: readonly EsimPlanOffer[]): { dataGb: number[]; days: number[] } {
  const dataGb = [
    ...new Set(plans.filter((p) => !p.unlimited && p.dataGb !== null).map((p) => p.dataGb as number)),
  ].sort((a, b) => a - b);
  const days = [...new Set(plans.map((p) => p.validityDays).filter((d): d is number => d !== null))].sort(
    (a, b) => a - b,
  );
  return { dataGb, days };
}

/** The filters as search parameters, leaving out the defaults. */
export function filterSearch(filters: PlanFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.type !== "all") search.set("type", filters.type);
  if (filters.minGb !== null) search.set("data", String(filters.minGb));
  if (filters.minDays !== null) search.set("days", String(filters.minDays));
  if (filters.sort !== "price-asc") search.set("sort", filters.sort);
  return search;
}
