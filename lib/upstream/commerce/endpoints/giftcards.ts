import type { Call, CallOptions } from "../request";
import { countrySchema, giftcardBrandSchema, giftcardProductSchema, ratesResultSchema } from "../schemas";
import { listOf, seg, toPage, type LangQuery, type PageQuery } from "./shared";

// Gift card catalog (spec section 4 "Gift card catalog").

export type BrandsQuery = LangQuery &
  PageQuery & {
    /** ISO-2, ISO-3 or the numeric country id. */
    country?: string;
    /** Brand name or category. */
    q?: string;
  };

export function giftcardEndpoints(call: Call) {
  const catalog = { method: "GET", priority: "catalog", retry: "idempotent", authenticated: true } as const;
  return {
    /** GET /giftcards/countries: countries with gift card brands (paginated). */
    listGiftcardCountries: async (query: LangQuery & PageQuery = {}, options?: CallOptions) =>
      toPage(
        await call(
          {
            ...catalog,
            path: "/v2/giftcards/countries",
            route: "GET /v2/giftcards/countries",
            query,
            schema: listOf(countrySchema),
          },
          options,
        ),
      ),
    /** GET /giftcards/brands: brands, filtered by country or search (paginated). */
    listGiftcardBrands: async (query: BrandsQuery = {}, options?: CallOptions) =>
      toPage(
        await call(
          {
            ...catalog,
            path: "/v2/giftcards/brands",
            route: "GET /v2/giftcards/brands",
            query,
            schema: listOf(giftcardBrandSchema),
          },
          options,
        ),
      ),
    /** GET /giftcards/brands/{id}/products: denominations with tokens (the rates shape). */
    getGiftcardBrandProducts: async (brandId: string | number, query: LangQuery = {}, options?: CallOptions) =>
      (
        await call(
          {
            ...catalog,
            path: `/v2/giftcards/brands/${seg(brandId)}/products`,
            route: "GET /v2/giftcards/brands/{id}/products",
            query,
            schema: ratesResultSchema,
          },
          options,
        )
      ).data,
    /** GET /giftcards/products/{operator_id}: brand detail (description, redemption, rates). */
    getGiftcardProduct: async (operatorId: string | number, query: LangQuery = {}, options?: CallOptions) =>
      (
        await call(
          {
            ...catalog,
            path: `/v2/giftcards/products/${seg(operatorId)}`,
            route: "GET /v2/giftcards/products/{operator_id}",
            query,
            schema: giftcardProductSchema,
          },
          options,
        )
      ).data,
  };
}

export type GiftcardEndpoints = ReturnType<typeof giftcardEndpoints>;
