// The contract between the commerce catalog (emulator/commerce/catalog) and the order core
// (emulator/commerce/orders): a price token resolves to what is sold and what it costs.

export type CommerceType = "topup" | "esim" | "giftcard";

/** How the sandbox simulation ends an order for this product or number. */
export type SimulatedOutcome = "fulfill" | "fail" | "manual_revision";

export type PricedProduct = {
  type: CommerceType;
  token: string;
  productName: string;
  description: string;
  /** Top-up operator id, gift card brand id (an operator whose parent category is gift cards). */
  operatorId?: string;
  operatorName?: string;
  /** Top-up service type: airtime, data or bundle. */
  serviceType?: "airtime" | "data" | "bundle";
  /** eSIM plan. */
  catalogId?: string;
  dataGb?: number | null;
  unlimited?: boolean;
  validityDays?: number;
  /** ISO 3166-1 alpha-2 lowercase, or a region slug (eu, ww, as) for eSIM. */
  countryIso: string;
  /** Value delivered (recharge amount, gift card face value, plan price), EUR cents. */
  amountMinor: number;
  serviceFeeMinor: number;
  /** amountMinor + serviceFeeMinor, EUR cents (the SMS fee is added by preview/create when asked). */
  totalMinor: number;
  totalUsdMinor: number;
  serviceFeeUsdMinor: number;
  outcome: SimulatedOutcome;
};

export type TokenResolution = { ok: true; product: PricedProduct } | { ok: false; reason: "invalid" | "expired" };

export interface CommerceCatalog {
  /** Resolves a price token at time `now` (ms, emulator clock). eSIM tokens are signed and expire. */
  resolveToken(token: string, now: number): TokenResolution;
  /** Phone numbers that always fail in the sandbox simulation (for order.failed paths). */
  outcomeForPhone(e164: string): SimulatedOutcome;
}
