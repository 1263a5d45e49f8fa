import type { CallOptions, Call } from "../request";
import {
  carrierLookupSchema,
  countrySchema,
  operatorListSchema,
  operatorServiceTypeSchema,
  productSearchRowSchema,
  promotionSchema,
  ratesResultSchema,
  serviceTypeSchema,
  topupProductSchema,
} from "../schemas";
import { listOf, seg, toPage, type LangQuery, type PageQuery } from "./shared";

// Top-up catalog (spec section 4 "Top-up catalog") and the un-prefixed aliases that answer
// the unfiltered catalog (top-up and gift cards together). The id-scoped aliases
// (/operators/{id}/rates, /products/{id}, /carriers/lookup/{phone} …) mean the same as the
// prefixed paths and have no function of their own.

export type CountriesQuery = LangQuery & PageQuery;
export type OperatorsQuery = LangQuery & { country?: string };
export type RatesQuery = LangQuery & { q?: string; service_type?: string };
export type PromotionsQuery = LangQuery & PageQuery & { country?: string };
export type ProductSearchQuery = LangQuery &
  PageQuery & { country?: string; q?: string; operator_id?: string | number };

export function topupEndpoints(call: Call) {
  const catalog = { method: "GET", priority: "catalog", retry: "idempotent", authenticated: true } as const;

  const countries =
    (prefix: string) =>
    async (query: CountriesQuery = {}, options?: CallOptions) =>
      toPage(
        await call(
          {
            ...catalog,
            path: `/v2${prefix}/countries`,
            route: `GET /v2${prefix}/countries`,
            query,
            schema: listOf(countrySchema),
          },
          options,
        ),
      );
  const operators =
    (prefix: string) =>
    async (query: OperatorsQuery = {}, options?: CallOptions) =>
      (
        await call(
          {
            ...catalog,
            path: `/v2${prefix}/operators`,
            route: `GET /v2${prefix}/operators`,
            query,
            schema: operatorListSchema,
          },
          options,
        )
      ).data;
  const serviceTypes =
    (prefix: string) =>
    async (query: LangQuery = {}, options?: CallOptions) =>
      (
        await call(
          {
            ...catalog,
            path: `/v2${prefix}/service-types`,
            route: `GET /v2${prefix}/service-types`,
            query,
            schema: listOf(serviceTypeSchema),
          },
          options,
        )
      ).data;
  const promotions =
    (prefix: string) =>
    async (query: PromotionsQuery = {}, options?: CallOptions) =>
      toPage(
        await call(
          {
            ...catalog,
            path: `/v2${prefix}/promotions`,
            route: `GET /v2${prefix}/promotions`,
            query,
            schema: listOf(promotionSchema),
          },
          options,
        ),
      );
  const search =
    (prefix: string) =>
    async (query: ProductSearchQuery = {}, options?: CallOptions) =>
      toPage(
        await call(
          {
            ...catalog,
            path: `/v2${prefix}/products/search`,
            route: `GET /v2${prefix}/products/search`,
            query,
            schema: listOf(productSearchRowSchema),
          },
          options,
        ),
      );

  return {
    /** GET /topup/countries: countries with top-up operators (paginated). */
    listTopupCountries: countries("/topup"),
    /** GET /topup/operators?country=: the operators (an empty list when a country has none). */
    listTopupOperators: operators("/topup"),
    /** GET /topup/operators/{id}/service-types: airtime, data, bundle (child operators). */
    listOperatorServiceTypes: async (operatorId: string | number, query: LangQuery = {}, options?: CallOptions) =>
      (
        await call(
          {
            ...catalog,
            path: `/v2/topup/operators/${seg(operatorId)}/service-types`,
            route: "GET /v2/topup/operators/{id}/service-types",
            query,
            schema: listOf(operatorServiceTypeSchema),
          },
          options,
        )
      ).data,
    /** GET /topup/operators/{id}/rates: price points with token, fees and totals. */
    getOperatorRates: async (operatorId: string | number, query: RatesQuery = {}, options?: CallOptions) =>
      (
        await call(
          {
            ...catalog,
            path: `/v2/topup/operators/${seg(operatorId)}/rates`,
            route: "GET /v2/topup/operators/{id}/rates",
            query,
            schema: ratesResultSchema,
          },
          options,
        )
      ).data,
    /** GET /topup/service-types: every service type definition. */
    listTopupServiceTypes: serviceTypes("/topup"),
    /** GET /topup/promotions: promotions active now (paginated). */
    listTopupPromotions: promotions("/topup"),
    /** GET /topup/products/search: flat rate rows (paginated). */
    searchTopupProducts: search("/topup"),
    /** GET /topup/products/{operator_id}: operator detail with live pricing per service type. */
    getTopupProduct: async (operatorId: string | number, query: LangQuery = {}, options?: CallOptions) =>
      (
        await call(
          {
            ...catalog,
            path: `/v2/topup/products/${seg(operatorId)}`,
            route: "GET /v2/topup/products/{operator_id}",
            query,
            schema: topupProductSchema,
          },
          options,
        )
      ).data,
    /** GET /topup/carriers/lookup/{phone}: carrier and country of an E.164 number. */
    lookupCarrier: async (phone: string, query: LangQuery = {}, options?: CallOptions) =>
      (
        await call(
          // The number stays out of the route: logs carry the template only.
          {
            ...catalog,
            path: `/v2/topup/carriers/lookup/${seg(phone)}`,
            route: "GET /v2/topup/carriers/lookup/{phone}",
            query,
            schema: carrierLookupSchema,
          },
          options,
        )
      ).data,

    /** GET /countries: top-up and gift card countries together. */
    listAllCountries: countries(""),
    /** GET /operators: carriers and gift card brands together (brands have `parent_category`). */
    listAllOperators: operators(""),
    /** GET /service-types: top-up types plus `giftcard`. */
    listAllServiceTypes: serviceTypes(""),
    /** GET /promotions: top-up and gift card promotions. */
    listAllPromotions: promotions(""),
    /** GET /products/search: top-up rates and gift card denominations. */
    searchAllProducts: search(""),
  };
}

export type TopupEndpoints = ReturnType<typeof topupEndpoints>;
