import type { SimulatedOutcome } from "../priced-product";

// The catalog as the emulator holds it: built once from the seed (build/*), read by the
// routes (routes/*) and by token resolution. Money is integer minor units throughout.

export type TopupServiceType = "airtime" | "data" | "bundle";
export type ServiceTypeName = TopupServiceType | "giftcard";

/** One price point of a top-up service or a gift card denomination. */
export type Rate = {
  type: "topup" | "giftcard";
  token: string;
  productName: string;
  description: string;
  /** The same two texts in another language, where the supplier writes them (`lang`; English otherwise). */
  translated?: Partial<Record<"es", { productName: string; description: string }>>;
  serviceType: ServiceTypeName;
  /** The operator id the rate belongs to: the service-type child for top-ups, the brand for gift cards. */
  operatorId: number;
  /** The carrier (top-up parent operator) or the brand. */
  parentOperatorId: number;
  countryIso: string;
  /** What the recipient gets in local currency (face value), e.g. 10 (GBP). */
  localAmount: number;
  localCurrency: string;
  amountMinor: number;
  feeMinor: number;
  totalMinor: number;
  amountUsdMinor: number;
  feeUsdMinor: number;
  totalUsdMinor: number;
  dataGb?: number;
  validityDays?: number;
  outcome: SimulatedOutcome;
};

/** A service type of a carrier: itself an operator id (upstream: "service types are child operator ids"). */
export type ServiceOperator = { id: number; parentId: number; serviceType: TopupServiceType; rates: Rate[] };

export type TopupOperator = {
  id: number;
  countryIso: string;
  name: string;
  legalName: string;
  mccMnc: string[];
  services: ServiceOperator[];
};

export type GiftcardBrand = {
  id: number;
  key: string;
  name: string;
  countryIso: string;
  category: string;
  description: string;
  redemption: string;
  currency: string;
  denominations: Rate[];
};

export type CoverageType = "COUNTRY" | "REGIONAL" | "GLOBAL";

export type EsimDestination = {
  /** ISO-2 lowercase or a region slug (eu, ww, as). */
  iso: string;
  coverageType: CoverageType;
  /** Countries where the plans work (the destination itself for COUNTRY). */
  countries: string[];
  /** Mobile networks the plans use (from mcc-mnc-list, COUNTRY destinations only). */
  networks: string[];
};

export type EsimPlan = {
  catalogId: string;
  destination: string;
  coverageType: CoverageType;
  dataGb: number | null;
  unlimited: boolean;
  validityDays: number;
  retailMinor: number;
  retailUsdMinor: number;
  outcome: SimulatedOutcome;
};

export type PromotionTemplate = {
  id: string;
  vertical: "topup" | "giftcard";
  operatorId: number;
  title: string;
  description: string;
  bonusPercent: number;
  /** Window relative to the promotions' anchor (start of the emulator's first day), in days. */
  startsDay: number;
  endsDay: number;
};

export type Catalog = {
  seed: number;
  topupCountries: string[];
  giftcardCountries: string[];
  topupOperators: TopupOperator[];
  giftcardBrands: GiftcardBrand[];
  esimDestinations: EsimDestination[];
  esimPlans: EsimPlan[];
  promotions: PromotionTemplate[];
};
