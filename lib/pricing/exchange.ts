import type { ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import { retailBreakdown, type PriceBreakdown, type RetailInput } from "./retail";

// Prices in the buyer's currency (docs/i18n.md "Currencies"). The upstream charges the shop
// in euros; a buyer who pays in dollars gets the same retail rule applied to the dollar cost:
//
//   dollar cost = euro cost × the rate, rounded up to the cent (each part: total, SMS fee, face value)
//   dollar price = that cost + the margin, by lib/pricing/retail.ts's integer rule
//
// The rate is the upstream's own where it quotes a dollar figure beside the euro one (a top-up or
// gift card rate's total_cost_usd / total_cost_eur, an eSIM plan's retail_usd / retail_eur): a
// catalog figure converted at its own rate is exactly the upstream's dollar figure. Where it
// quotes none (unlocks, IMEI checks), the rate staff keep (./staff-rate.ts), shown to the buyer
// with its date. Rates are exact fractions of integers, never floats: USD per EUR = numerator / denominator.

export type ExchangeRate = {
  /** USD per EUR as numerator / denominator (both positive integers). */
  numerator: number;
  denominator: number;
  /** The upstream's own figures for this item, or the rate staff keep. */
  source: "supplier" | "staff";
  /** The staff rate's date (YYYY-MM-DD), shown beside converted prices. */
  date?: string;
};

/** The upstream's own rate for an item it prices in both currencies, or null when it gives no usable pair. */
export function supplierRate(
  eurMinor: number | null | undefined,
  usdMinor: number | null | undefined,
): ExchangeRate | null {
  if (
    !eurMinor ||
    !usdMinor ||
    eurMinor <= 0 ||
    usdMinor <= 0 ||
    !Number.isSafeInteger(eurMinor) ||
    !Number.isSafeInteger(usdMinor)
  )
    return null;
  return { numerator: usdMinor, denominator: eurMinor, source: "supplier" };
}

/** An amount of minor units converted at the rate, fractions of a cent rounded up. */
export function convertUp(minor: number, rate: ExchangeRate): number {
  const numerator = BigInt(minor) * BigInt(rate.numerator);
  const denominator = BigInt(rate.denominator);
  return Number((numerator + denominator - 1n) / denominator);
}

/** An amount of minor units converted back (USD → EUR), fractions rounded down: what a payment is worth at most. */
export function convertBackDown(minor: number, rate: ExchangeRate): number {
  return Number((BigInt(minor) * BigInt(rate.denominator)) / BigInt(rate.numerator));
}

/**
 * The retail breakdown in the buyer's currency. In the cost's own currency it is retailBreakdown's;
 * in the other, every part is converted at `rate` first and the margin applied to the converted
 * cost. The breakdown keeps the upstream's cost in its own currency (`costMinor`, `costCurrency`)
 * and the rate it used (`exchange`). Null when a conversion is needed and there is no rate.
 */
export function retailIn(currency: ShopCurrency, input: RetailInput, rate: ExchangeRate | null): PriceBreakdown | null {
  if (currency === input.costCurrency.toUpperCase()) return retailBreakdown(input);
  if (!rate || input.costCurrency.toUpperCase() !== "EUR" || currency !== "USD") return null;
  const smsFeeMinor = input.smsFeeMinor ?? 0;
  const costMinor = convertUp(input.costMinor, rate);
  const smsFee = convertUp(smsFeeMinor, rate);
  const productCost = costMinor - smsFee;
  const amountMinor = Math.min(convertUp(input.amountMinor ?? input.costMinor - smsFeeMinor, rate), productCost);
  const converted = retailBreakdown({ ...input, costMinor, costCurrency: currency, smsFeeMinor: smsFee, amountMinor });
  return { ...converted, costMinor: input.costMinor, costCurrency: input.costCurrency.toUpperCase(), exchange: rate };
}

/**
 * What a paid order is worth in the upstream's currency, to compare with what the upstream now
 * charges: the amount paid when the order is in that currency; converted back at the order's own
 * rate (rounded down, so a rise is never hidden) when the buyer paid in the other; null when the
 * order carries no rate to convert with.
 */
export function paidInCostCurrency(
  order: { currency: string; retailAmount: number; pricing: unknown },
  costCurrency: string,
): number | null {
  if (order.currency.toUpperCase() === costCurrency.toUpperCase()) return order.retailAmount;
  const pricing = order.pricing as { exchange?: ExchangeRate; costCurrency?: string } | null;
  const exchange = pricing?.exchange;
  if (!exchange || (pricing?.costCurrency ?? "").toUpperCase() !== costCurrency.toUpperCase()) return null;
  return convertBackDown(order.retailAmount, exchange);
}
