import { z } from "zod";
import { decimalString, money, opaqueId, toMinorIn, upstreamId, type MinorUnits } from "./common";

// Top-up catalog (spec section 4 "Top-up catalog"; fields from upstream-notes). The
// un-prefixed aliases answer the same shapes with gift card brands mixed in, so these
// schemas also accept a brand wherever an operator may appear.

/** ISO 3166-1 alpha-2, lower case (spec section 2 "Destination codes"). */
export const isoCode = z
  .string()
  .min(2)
  .transform((value) => value.toLowerCase());

/** `value` with `field` taken from `alias` when only the alias is there (a record's other spelling). */
function aliased(value: unknown, field: string, alias: string): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return record[field] === undefined && record[alias] !== undefined ? { ...record, [field]: record[alias] } : record;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/**
 * A country record. Its fields are "not shown" (C§2): the code is `iso_short_code`
 * (upstream-notes) or `country_iso` (the one country code C§2 names); without a name, the code's
 * English name (pages name countries in the buyer's language anyway: lib/products/topup/countries.ts).
 */
export const countrySchema = z.preprocess(
  (value) => aliased(value, "iso_short_code", "country_iso"),
  z
    .looseObject({
      iso_short_code: isoCode,
      country_name: z.string().optional(),
      id_country: upstreamId.optional(),
      iso3: z.string().optional(),
      calling_code: z.string().optional(),
      currency: z.string().optional(),
      operators_count: z.number().int().optional(),
      brands_count: z.number().int().optional(),
      verticals: z.array(z.string()).optional(),
    })
    .transform((country) => ({
      ...country,
      country_name:
        country.country_name ?? regionNames.of(country.iso_short_code.toUpperCase()) ?? country.iso_short_code,
    })),
);
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
  /** upstream-notes only: a documented price point has no name (the product names it: lib/products/topup/rate-name.ts). */
  product_name: z.string().trim().min(1).nullish().catch(undefined),
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

/**
 * What a price point is worth before the fee, when it does not say (C§2 "Rate" names only the
 * token, fees and totals): its total less its fee, as C§2 "Preview result" breaks a total into
 * recharge amount + service fee. Null when that is not a positive amount.
 */
export function valueBeforeFee(total: MinorUnits, fee: MinorUnits): MinorUnits | null {
  const value = total - fee;
  return value > 0 ? value : null;
}

type RateInput = {
  amount_local?: string | null;
  currency_local?: string | null;
  amount_eur?: MinorUnits | null;
  amount_usd?: MinorUnits | null;
  service_fee_eur: MinorUnits;
  service_fee_usd: MinorUnits;
  total_cost_eur: MinorUnits;
  total_cost_usd: MinorUnits;
};

function withAmounts<T extends RateInput>(rate: T, ctx: z.RefinementCtx) {
  return {
    ...rate,
    amount_local: toMinorIn(rate.amount_local, rate.currency_local, ctx, "amount_local"),
    amount_eur: rate.amount_eur ?? valueBeforeFee(rate.total_cost_eur, rate.service_fee_eur),
    amount_usd: rate.amount_usd ?? valueBeforeFee(rate.total_cost_usd, rate.service_fee_usd),
  };
}

/** A price point (spec section 2 "Rate"). Money fields are integer minor units. */
export const rateSchema = z.looseObject(rateFields).transform(withAmounts);
export type Rate = z.infer<typeof rateSchema>;

/**
 * GET /topup/operators/{id}/rates and GET /giftcards/brands/{id}/products: "price points with
 * token, fees, totals" (C§4). C§4 names no wrapper: a bare array of price points is read as
 * `{ rates }`; upstream-notes' wrapper adds the operator's fields, all optional here.
 */
export const ratesResultSchema = z.preprocess(
  (value) => (Array.isArray(value) ? { rates: value } : value),
  z.looseObject({
    id_operator: upstreamId.optional(),
    operator_name: z.string().optional(),
    id_parent: upstreamId.nullish(),
    id_country: upstreamId.optional(),
    iso_short_code: isoCode.optional(),
    country_name: z.string().optional(),
    currency: z.string().nullish(),
    img: z.string().nullish(),
    rates: z.array(rateSchema),
  }),
);
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
  .transform(withAmounts);
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

/**
 * GET /topup/products/{operator_id}: "operator detail with live pricing" (C§4), read for the
 * operator's own fields only. Its price points' shape is not documented, so the shop prices from
 * the rates (C§4 /topup/operators/{id}/rates) and lets whatever else it holds pass unread.
 */
export const topupProductSchema = operatorSchema.extend({
  promotions: z.array(promotionSchema).optional().catch(undefined),
});
export type TopupProduct = z.infer<typeof topupProductSchema>;

/**
 * GET /topup/carriers/lookup/{phone}: C§4 "returns the operator id" without naming the field:
 * `id_operator` (upstream-notes) or `operator_id`. The operator's name and country are
 * upstream-notes' fields, optional here (lib/products/topup/carrier.ts fills them in).
 */
export const carrierLookupSchema = z.preprocess(
  (value) => aliased(value, "id_operator", "operator_id"),
  z.looseObject({
    phone: z.string().optional(),
    id_operator: upstreamId,
    operator_name: z.string().optional(),
    iso_short_code: isoCode.optional(),
    id_country: upstreamId.optional(),
    country_name: z.string().optional(),
    topup_type: z.string().nullish(),
    img: z.string().nullish(),
    number_type: z.string().nullish(),
    service_types: z.array(z.unknown()).optional(),
  }),
);
export type CarrierLookup = z.infer<typeof carrierLookupSchema>;
