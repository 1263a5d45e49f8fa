import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import type { ExchangeRate } from "./exchange";

// Retail prices: what the upstream charges the shop plus the shop's margin for the product
// type, in integer minor units only (no floats in amounts; docs/orders.md "Retail prices").
//
// Rounding rule (one place, documented in docs/orders.md "Order core"):
//   margin = ceil(cost × percent / 100) + fixedMinor
// where `cost` is the upstream's charge for the product itself (amount + upstream fee, WITHOUT
// the SMS fee). Fractions of a minor unit always round up, so the shop never sells below its
// own rule. The percent is exact to 4 decimals (2.5 %, 0.0725 %): it is scaled to an integer
// before multiplying, so binary floating point cannot turn 7.0 into 7.000000000000001 and
// round it up to 8. The SMS fee is passed through at cost: no margin on it.

export type Margin = { percent: number; fixedMinor: number };

export type PriceBreakdown = {
  currency: string;
  /** What the recipient gets: the face value at upstream cost (recharge amount, plan, card, unlock). */
  amountMinor: number;
  /** Upstream fee + shop margin. */
  serviceFeeMinor: number;
  /** SMS notice fee, passed through at cost (0 when none). */
  smsFeeMinor: number;
  /** What the buyer pays: amount + service fee + SMS fee. */
  totalMinor: number;
  /** What the upstream charges the shop (its whole total, SMS fee included), in `costCurrency`. */
  costMinor: number;
  /** The upstream's currency when it is not the buyer's (`currency`) (./exchange.ts); absent: the same. */
  costCurrency?: string;
  /** The rate the buyer's prices were converted at, when `currency` is not `costCurrency`. */
  exchange?: ExchangeRate;
};

export type RetailInput = {
  productType: ProductType;
  /** The upstream's whole charge to the shop (preview `total`), SMS fee included. */
  costMinor: number;
  costCurrency: string;
  /** The part of `costMinor` that is the SMS fee (preview `sms_fee`). */
  smsFeeMinor?: number;
  /**
   * The part of `costMinor` that is the face value (preview `recharge_amount`). Default: the
   * whole cost without the SMS fee (eSIM plans and unlocks carry no separate upstream fee).
   */
  amountMinor?: number;
  margin: Margin;
};

/** Percent with up to 4 decimals, as an integer number of 1/10 000 of a percent. */
const PERCENT_SCALE = 10_000n;

export function marginMinor(costMinor: number, margin: Margin): number {
  assertMinor("costMinor", costMinor);
  assertMargin(margin);
  const scaledPercent = BigInt(Math.round(margin.percent * Number(PERCENT_SCALE)));
  const numerator = BigInt(costMinor) * scaledPercent;
  const denominator = 100n * PERCENT_SCALE;
  const ceiled = (numerator + denominator - 1n) / denominator;
  return Number(ceiled) + margin.fixedMinor;
}

export function retailBreakdown(input: RetailInput): PriceBreakdown {
  const smsFeeMinor = input.smsFeeMinor ?? 0;
  assertMinor("costMinor", input.costMinor);
  assertMinor("smsFeeMinor", smsFeeMinor);
  if (smsFeeMinor > input.costMinor) throw new RangeError("smsFeeMinor cannot exceed costMinor");
  if (!/^[A-Za-z]{3,8}$/.test(input.costCurrency))
    throw new RangeError(`costCurrency must be a currency code, got "${input.costCurrency}"`);

  const productCost = input.costMinor - smsFeeMinor;
  const amountMinor = input.amountMinor ?? productCost;
  assertMinor("amountMinor", amountMinor);
  if (amountMinor > productCost) throw new RangeError("amountMinor cannot exceed the cost without the SMS fee");

  const margin = marginMinor(productCost, input.margin);
  const upstreamFee = productCost - amountMinor;
  const serviceFeeMinor = upstreamFee + margin;
  return {
    currency: input.costCurrency.toUpperCase(),
    amountMinor,
    serviceFeeMinor,
    smsFeeMinor,
    totalMinor: amountMinor + serviceFeeMinor + smsFeeMinor,
    costMinor: input.costMinor,
  };
}

function assertMinor(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer of minor units, got ${value}`);
}

function assertMargin(margin: Margin): void {
  if (!Number.isFinite(margin.percent) || margin.percent < 0 || margin.percent > 1000)
    throw new RangeError(`margin percent must be 0–1000, got ${margin.percent}`);
  assertMinor("margin.fixedMinor", margin.fixedMinor);
}

export { getMargin, DEFAULT_MARGINS, marginSchema } from "./margin";
