// The top-up catalog as the journey's components receive it (built on the server by ./offer.ts
// and friends): only what a buyer may see, prices already retail.
import type { ExchangeRate } from "@/lib/pricing/exchange";

export type TopupChoice = {
  token: string;
  productName: string;
  description: string | null;
  serviceType: string;
  /** What the recipient gets, in their currency (minor units of `currencyLocal`). */
  amountLocalMinor: number | null;
  currencyLocal: string | null;
  dataGb: number | null;
  validityDays: number | null;
  /** Retail price in the buyer's currency: amount, fee (upstream fee + margin) and total. */
  currency: string;
  amountMinor: number;
  feeMinor: number;
  totalMinor: number;
  /** The upstream's own EUR→USD rate for this rate (its total_cost_usd / total_cost_eur), when it gives one. */
  exchange: ExchangeRate | null;
};

export type ServiceTypeGroup = { type: string; label: string; choices: TopupChoice[] };

export type PromotionView = {
  id: string;
  /** Null when the upstream gives none: the page names it "Promotion" in its language. */
  title: string | null;
  description: string | null;
  bonusPercent: number | null;
  endsAt: string | null;
  operatorId: string | null;
  operatorName: string | null;
  countryCode: string | null;
  countryName: string | null;
  /** The service types it is for (./promotion-scope.ts); null for every rate. */
  serviceTypes: string[] | null;
};

export type OperatorSummary = {
  operatorId: string;
  operatorName: string;
  /** ISO 3166-1 alpha-2, lower case. */
  countryCode: string;
  countryName: string;
  /** Shop URL of the logo (lib/catalog/images), or null: the initials are shown instead. */
  logoUrl: string | null;
};

export type TopupOffer = OperatorSummary & {
  serviceTypes: ServiceTypeGroup[];
  choices: TopupChoice[];
  promotions: PromotionView[];
  /** Set when the rates come from an old cache entry (the upstream could not be reached). */
  pricesAgeMs: number | null;
};

/** A country in the country selector: ISO code (upper case), name and dialling code ("+44"). */
export type CountryOption = { iso: string; name: string; callingCode: string };

/** A country's operator as a card on the country page. */
export type OperatorCard = {
  href: string;
  operatorId: string;
  operatorName: string;
  logoUrl: string | null;
  serviceTypes: string[];
  /** A promotion of the operator's, when one runs (its title may be null: see PromotionView). */
  promotion: Pick<PromotionView, "title"> | null;
};

/** A row of a country's top-ups (catalog search), linking into its operator's journey. */
export type ProductRow = { choice: TopupChoice; operatorName: string; href: string };

/** One of the country's operators for "Not your operator?". */
export type OperatorChoice = { operatorId: string; operatorName: string; logoUrl: string | null };
