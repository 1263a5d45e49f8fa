import type { Call, CallOptions } from "../request";
import { esimDestinationSchema, esimLineSchema, esimPlanDetailSchema, esimPlanSchema } from "../schemas";
import { listOf, seg, toPage, type LangQuery, type PageQuery } from "./shared";

// Travel eSIM catalog and lines (spec section 4 "Travel eSIM catalog"). When eSIM is off on
// the host every call fails with canonicalCode ESIM_DISABLED (HTTP 404).

export type CoverageType = "COUNTRY" | "REGIONAL" | "GLOBAL";
export type DestinationsQuery = LangQuery & PageQuery & { coverage_type?: CoverageType };
export type EsimProductsQuery = LangQuery &
  PageQuery & {
    /** ISO-2 or a region slug (`eu`, `as`, `ww`). */
    country_iso?: string;
    data_type?: "all" | "unlimited" | "limited";
    currency?: "EUR" | "USD";
    coverage_type?: CoverageType;
  };
export type EsimProductQuery = LangQuery & { currency?: "EUR" | "USD" };

export function esimEndpoints(call: Call, baseUrl: string) {
  const catalog = { method: "GET", priority: "catalog", retry: "idempotent", authenticated: true } as const;
  return {
    /** GET /esim/destinations: destinations with published plans (paginated). */
    listEsimDestinations: async (query: DestinationsQuery = {}, options?: CallOptions) =>
      toPage(
        await call(
          {
            ...catalog,
            path: "/v2/esim/destinations",
            route: "GET /v2/esim/destinations",
            query,
            schema: listOf(esimDestinationSchema),
          },
          options,
        ),
      ),
    /** GET /esim/products: plans, each with a fresh signed `price_token` (paginated). */
    listEsimProducts: async (query: EsimProductsQuery = {}, options?: CallOptions) =>
      toPage(
        await call(
          {
            ...catalog,
            path: "/v2/esim/products",
            route: "GET /v2/esim/products",
            query,
            schema: listOf(esimPlanSchema),
          },
          options,
        ),
      ),
    /** GET /esim/products/{catalog_id}: plan detail with a fresh `price_token`. */
    getEsimProduct: async (catalogId: string, query: EsimProductQuery = {}, options?: CallOptions) =>
      (
        await call(
          {
            ...catalog,
            path: `/v2/esim/products/${seg(catalogId)}`,
            route: "GET /v2/esim/products/{catalog_id}",
            query,
            schema: esimPlanDetailSchema,
          },
          options,
        )
      ).data,
    /** GET /esim/lines/{iccid}: remaining data of an installed eSIM. Never cached. */
    getEsimLine: async (iccid: string, options?: CallOptions) =>
      (
        await call(
          {
            method: "GET",
            priority: "status",
            retry: "idempotent",
            authenticated: true,
            path: `/v2/esim/lines/${seg(iccid)}`,
            route: "GET /v2/esim/lines/{iccid}",
            schema: esimLineSchema,
          },
          options,
        )
      ).data,
    /**
     * GET /esim/qr/{ticket_id}/{sig} is a public PNG (no auth): pages link to it rather than
     * fetch it. Orders carry the full `qr_code_url` already; this builds one from its parts.
     */
    esimQrCodeUrl: (ticketId: string, sig: string): string =>
      `${baseUrl.replace(/\/$/, "")}/v2/esim/qr/${seg(ticketId)}/${seg(sig)}`,
  };
}

export type EsimEndpoints = ReturnType<typeof esimEndpoints>;
