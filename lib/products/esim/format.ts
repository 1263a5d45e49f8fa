import type { EsimPlanOffer } from "./types";

// How plans read in English: "5 GB", "Unlimited", "30 days" (staff, and the default of
// ./lines.ts). The buyer's pages say it in their language (components/shop/esim/esim-text.ts and
// the "Esim" messages, which also hold the fair-use note shown wherever an unlimited plan is sold).

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

/** "Japan 5 GB · 5 GB, 30 days": a plan in one line, for staff (the point of sale's lists and its sale's label). */
export function planLabel(plan: Pick<EsimPlanOffer, "name" | "unlimited" | "dataGb" | "validityDays">): string {
  const data = plan.unlimited ? "Unlimited" : plan.dataGb !== null ? `${plan.dataGb} GB` : null;
  const days = plan.validityDays ? `${plan.validityDays} days` : null;
  return [plan.name, [data, days].filter(Boolean).join(", ")].filter(Boolean).join(" · ");
}
