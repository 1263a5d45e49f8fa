import { z } from "zod";
import { decimalString, money, opaqueId, toMinorIn } from "./common";
import { isoCode } from "./topup";

// Travel eSIM catalog and lines (spec sections 2 and 4; fields from upstream-notes).

/** COUNTRY, REGIONAL or GLOBAL; the service accepts any case, we keep upper case. */
const coverageType = z.string().transform((value) => value.toUpperCase());

export const esimDestinationSchema = z.looseObject({
  /** ISO-2 lower case, or a region slug (`eu`, `as`, `ww`). */
  country_iso: isoCode,
  country_name: z.string().optional(),
  coverage_type: coverageType.optional(),
  plans_count: z.number().int().optional(),
  has_unlimited: z.boolean().optional(),
  from_eur: money.nullish(),
  from_usd: money.nullish(),
  countries: z.array(z.string()).optional(),
  networks: z.array(z.string()).optional(),
});
export type EsimDestination = z.infer<typeof esimDestinationSchema>;

const planFields = {
  catalog_id: z.string().min(1),
  /** Signed and expiring (30 minutes on the emulator): fetch plans shortly before checkout. */
  price_token: z.string().min(1),
  unlimited: z.boolean(),
  name: z.string().optional(),
  /** null for unlimited plans. */
  data_gb: z.number().nullish(),
  validity_days: z.number().int().optional(),
  retail_eur: money.optional(),
  retail_usd: money.optional(),
  /** The currency of `price` (the `currency` query). */
  currency: z.string().optional(),
  price: decimalString.optional(),
  country_iso: isoCode.optional(),
  country_name: z.string().optional(),
  coverage_type: coverageType.optional(),
};

function withPrice<T extends { price?: string; currency?: string }>(plan: T, ctx: z.RefinementCtx) {
  return { ...plan, price: toMinorIn(plan.price, plan.currency, ctx, "price") ?? undefined };
}

/** An eSIM plan (spec: `catalog_id`, `price_token`, `unlimited`). Money fields are minor units. */
export const esimPlanSchema = z.looseObject(planFields).transform(withPrice);
export type EsimPlan = z.infer<typeof esimPlanSchema>;

export const esimPlanDetailSchema = z
  .looseObject({
    ...planFields,
    description: z.string().nullish(),
    countries: z.array(z.string()).optional(),
    networks: z.array(z.string()).optional(),
    price_token_expires_at: z.string().optional(),
  })
  .transform(withPrice);
export type EsimPlanDetail = z.infer<typeof esimPlanDetailSchema>;

/** Remaining data of an eSIM (order detail and lines). */
export const consumptionSchema = z.looseObject({
  activated: z.boolean().optional(),
  unlimited: z.boolean().optional(),
  data_remaining_gb: z.number().nullish(),
  days_left: z.number().nullish(),
});

/**
 * eSIM balance fields. `balance_amount` is a quantity of data, not money: a decimal string of
 * GB, "unlimited", or "per order basis" on list rows (upstream-notes); kept as sent.
 */
export const esimBalanceFields = {
  balance_amount: z.union([z.string(), z.number()]).transform(String).nullish(),
  balance_unit: z.string().nullish(),
  balance_checked_at: z.string().nullish(),
  balance_expiration: z.string().nullish(),
  consumption: consumptionSchema.nullish(),
};

/** GET /esim/lines/{iccid}: "remaining data for an ICCID" (C§4); its fields are not shown, so none is required. */
export const esimLineSchema = z.looseObject({
  iccid: z.string().min(1).optional(),
  status: z.string().optional(),
  data_gb: z.number().nullish(),
  order_id: opaqueId.nullish(),
  plan_name: z.string().nullish(),
  catalog_id: z.string().nullish(),
  country_iso: isoCode.nullish(),
  coverage_type: coverageType.nullish(),
  topups_count: z.number().int().optional(),
  topup_available: z.boolean().optional(),
  ...esimBalanceFields,
});
export type EsimLine = z.infer<typeof esimLineSchema>;
