import type { EmulatorContext } from "../../core/context";
import type { Rate } from "./model";
import { toDecimal } from "./money";

// The catalog's answers under the `documented` dialect (README "Dialects"): only what
// commerce-api-v2.md names. A price point is C§2 "Rate (top-up / gift card)" and nothing more;
// the lists that carry them (C§4 "price points with token, fees, totals", "denominations and
// tokens for a brand") name no wrapper, so they are bare arrays; the operator and brand details
// carry no price points (their fields are "not shown", C§2 last line).

export const documentedDialect = (ctx: EmulatorContext): boolean => ctx.config.dialect === "documented";

/** A price point with exactly the fields C§2 names: its token, fees and totals. */
export function documentedRate(rate: Rate) {
  return {
    token: rate.token,
    service_fee_eur: toDecimal(rate.feeMinor),
    service_fee_usd: toDecimal(rate.feeUsdMinor),
    total_cost_eur: toDecimal(rate.totalMinor),
    total_cost_usd: toDecimal(rate.totalUsdMinor),
  };
}

/** The fields of an observed detail that hold price points, left out of the documented one. */
export function withoutPricePoints<T extends Record<string, unknown>>(
  detail: T,
): Omit<T, "rates" | "service_types" | "priced_at"> {
  const { rates: _rates, service_types: _serviceTypes, priced_at: _pricedAt, ...rest } = detail;
  return rest;
}
