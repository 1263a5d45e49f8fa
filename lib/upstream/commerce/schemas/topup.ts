import { z } from "zod";
import { decimalString, money, opaqueId, toMinorIn, upstreamId } from "./common";

// Top-up catalog (spec section 4 "Top-up catalog"; fields from upstream-notes). The
// un-prefixed aliases answer the same shapes with gift card brands mixed in, so these
// schemas also accept a brand wherever an operator may appear.

/** ISO 3166-1 alpha-2, lower case (spec section 2 "Destination codes"). */
export const isoCode = z.string().min(2).transform((value) => value.toLowerCase());

export const countrySchema = z.looseObject({
  iso_short_code: isoCode,
  country_name: z.string(),
  id_country: upstreamId.optional(),
  iso3: z.string().optional(),
  calling_code: z.string().optional(),
  currency: z.string().optional(),
  operators_count: z.number().int().optional(),
  brands_count: z.number().int().optional(),
  verticals: z.array(z.string()).optional(),
});
export type Country = z.infer<typeof countrySchema>;

export const operatorSchema = z.looseObject({
  id_operator: upstreamId,
  operator_name: z.string(),
  id_parent: upstreamId.nullish(),
  category: z.string().nullish(),
  parent_category: z.string().nullish(),
  id_country: upstreamId.optional(),
  iso_short_code: isoCode.optional(),
  country_name: z.string().optional(),
  img: z.string().nullish(),
  currency: z.string().nullish(),
  /** Service type names ("airtime", "data", "bundle") on list entries. */
  service_types: z.array(z.unknown()).optional(),
});
export type Operator = z.infer<typeof operatorSchema>;

/**
 * Operators of a country come keyed by `id_operator` (an object), or as an empty array when
 * there are none (upstream-notes); a plain array is tolerated too. Always a list here.
 */
export const operatorListSchema = z
  .preprocess(
    (value) => (Array.isArray(value) ? Object.fromEntries(value.map((item, index) => [String(index), item])) : value),
    z.record(z.string(), operatorSchema),
  )
  .transform((byId) => Object.values(byId));

/** A service type of an operator: itself a child operator (upstream-notes). */
export const operatorServiceTypeSchema = z.looseObject({
  id_operator: upstreamId,
  service_type: z.string(),
  id_parent: upstreamId.nullish(),
  name: z.string().optional(),
  description: z.string().nullish(),
  rates_count: z.number().int().optional(),
});
export type OperatorServiceType = z.infer<typeof operatorServiceTypeSchema>;

/** GET /topup/service-types: the definitions. */
export const serviceTypeSchema = z.looseObject({
  service_type: z.string(),
  name: z.string().optional(),
  category: z.string().optional(),
  description: z.string().nullish(),
});
export type ServiceType = z.infer<typeof serviceTypeSchema>;

const rateFields = {
  /** Passed later as `price_token`. */
  token: z.string().min(1),
  product_name: z.string(),
  description: z.string().nullish(),
  service_type: z.string().nullish(),
  /** The service-type child (top-up) or the brand (gift card). */
  id_operator: upstreamId.optional(),
  /** What the recipient gets, in `currency_local`; minor units of that currency after parsing. */
  amount_local: decimalString.nullish(),
  currency_local: z.string().nullish(),
  amount_eur: money.nullish(),
  amount_usd: money.nullish(),
  service_fee_eur: money,
  service_fee_usd: money,
  total_cost_eur: money,
  total_cost_usd: money,
  data_gb: z.number().nullish(),
  validity_days: z.number().int().nullish(),
};

function withLocalAmount<T extends { amount_local?: string | null; currency_local?: string | null }>(rate: T, ctx: z.RefinementCtx) {
  return { ...rate, amount_local: toMinorIn(rate.amount_local, rate.currency_local, ctx, "amount_local") };
}

/** A price point (spec section 2 "Rate"). Money fields are integer minor units. */
export const rateSchema = z.looseObject(rateFields).transform(withLocalAmount);
export type Rate = z.infer<typeof rateSchema>;

/** GET /topup/operators/{id}/rates and GET /giftcards/brands/{id}/products. */
export const ratesResultSchema = z.looseObject({
  id_operator: upstreamId,
  operator_name: z.string(),
  id_parent: upstreamId.nullish(),
  id_country: upstreamId.optional(),
  iso_short_code: isoCode.optional(),
  country_name: z.string().optional(),
  currency: z.string().nullish(),
  img: z.string().nullish(),
  rates: z.array(rateSchema),
});
export type RatesResult = z.infer<typeof ratesResultSchema>;

/** A row of GET /topup/products/search: a rate with its operator's fields. */
export const productSearchRowSchema = z
  .looseObject({
    ...rateFields,
    id_parent: upstreamId.nullish(),
    operator_name: z.string().optional(),
    category: z.string().nullish(),
    id_country: upstreamId.optional(),
    iso_short_code: isoCode.optional(),
    country_name: z.string().optional(),
  })
  .transform(withLocalAmount);
export type ProductSearchRow = z.infer<typeof productSearchRowSchema>;

export const promotionSchema = z.looseObject({
  id: opaqueId,
  category: z.string().nullish(),
  id_operator: upstreamId.nullish(),
  operator_name: z.string().nullish(),
  id_country: upstreamId.nullish(),
  iso_short_code: isoCode.nullish(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  bonus_percent: z.number().nullish(),
  starts_at: z.string().nullish(),
  ends_at: z.string().nullish(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** GET /topup/products/{operator_id}: the operator with every service type and its rates. */
export const topupProductSchema = operatorSchema.extend({
  service_types: z.array(operatorServiceTypeSchema.extend({ rates: z.array(rateSchema) })),
  promotions: z.array(promotionSchema).optional(),
  priced_at: z.string().optional(),
});
export type TopupProduct = z.infer<typeof topupProductSchema>;

/** GET /topup/carriers/lookup/{phone} (upstream-notes "Carrier lookup result"). */
export const carrierLookupSchema = z.looseObject({
  phone: z.string().optional(),
  id_operator: upstreamId,
  operator_name: z.string(),
  iso_short_code: isoCode,
  id_country: upstreamId.optional(),
  country_name: z.string().optional(),
  topup_type: z.string().nullish(),
  img: z.string().nullish(),
  number_type: z.string().nullish(),
  service_types: z.array(z.unknown()).optional(),
});
export type CarrierLookup = z.infer<typeof carrierLookupSchema>;
