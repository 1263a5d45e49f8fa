import type { EsimPlanOffer } from "./types";

// How plans read in the shop: "5 GB", "Unlimited", "30 days".

export function dataText(plan: { unlimited: boolean; dataGb: number | null }): string {
  if (plan.unlimited || plan.dataGb === null) return "Unlimited";
  return `${formatGb(plan.dataGb)} GB`;
}

export function formatGb(gb: number): string {
  return Number.isInteger(gb) ? String(gb) : gb.toFixed(2).replace(/0$/, "");
}

export function validityText(days: number | null): string {
  if (days === null) return "Validity not stated";
  return `${days} day${days === 1 ? "" : "s"}`;
}

/** "Unlimited" data is rarely unlimited at full speed: said wherever an unlimited plan is sold. */
export const FAIR_USE_NOTE =
  "Unlimited plans are subject to the network's fair-use policy: after a daily amount of high-speed data (often 1–3 GB), speed may be reduced until the next day.";

/** "Japan 5 GB · 5 GB, 30 days": a plan in one line, for staff (the point of sale's lists and its sale's label). */
export function planLabel(plan: Pick<EsimPlanOffer, "name" | "unlimited" | "dataGb" | "validityDays">): string {
  const data = plan.unlimited ? "Unlimited" : plan.dataGb !== null ? `${plan.dataGb} GB` : null;
  const days = plan.validityDays ? `${plan.validityDays} days` : null;
  return [plan.name, [data, days].filter(Boolean).join(", ")].filter(Boolean).join(" · ");
}
