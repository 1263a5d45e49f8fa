// The eSIM catalog as the journey's components receive it (built on the server by
// lib/products/esim/catalog.ts from the cached upstream reads). Money in minor units, at the
// shop's retail price (upstream cost + the eSIM margin).
import type { ExchangeRate } from "@/lib/pricing/exchange";

export type Coverage = "COUNTRY" | "REGIONAL" | "GLOBAL";

export type EsimDestinationSummary = {
  /** ISO-2 lower case, or a region slug (eu, as, ww). */
  code: string;
  name: string;
  coverage: Coverage;
  plansCount: number | null;
  hasUnlimited: boolean;
  /** The cheapest plan at the shop's price; null when the supplier did not say. */
  fromMinor: number | null;
  currency: string;
  /** The countries a region covers (ISO-2); a country covers itself. */
  countries: string[];
  networks: string[];
};

export type EsimPlanOffer = {
  catalogId: string;
  name: string;
  destination: string;
  coverage: Coverage;
  /** Null for unlimited plans. */
  dataGb: number | null;
  unlimited: boolean;
  validityDays: number | null;
  currency: string;
  /** What the buyer pays. */
  totalMinor: number;
  /** The supplier's own EUR→USD rate for the plan (retail_usd / retail_eur), when it gives one. */
  exchange: ExchangeRate | null;
};

export type EsimPlanDetail = EsimPlanOffer & {
  description: string | null;
  countries: string[];
  networks: string[];
};

export type { CatalogAge } from "@/lib/catalog/age";

export type RegionalSuggestionView = { region: EsimDestinationSummary; plans: EsimPlanOffer[] };
