import { z } from "zod";
import type { EmulatorContext } from "../../../core/context";
import { commerceError, commerceOk } from "../../../core/envelope";
import { requireAuth } from "../../auth";
import { esimGuard } from "../../esim-guard";
import type { CatalogState } from "../catalog-state";
import { isIsoAlpha2, langOf } from "../countries";
import { ESIM_REGIONS } from "../build/esim";
import { pageQuery, padded } from "../pagination";
import { destinationName, esimPlanDescription, presentDestination, presentPlan } from "../presenters";
import { ESIM_TOKEN_LIFETIME_MS } from "../tokens";
import { pagedOk, parseQuery } from "./respond";
import type { EmulatorApp } from "../../../core/hono-env";

// The travel eSIM catalog (spec §4 "Travel eSIM catalog"), behind the ESIM_DISABLED switch.
// Destination codes are ISO-2 lower case or the region slugs eu, as, ww (a slug wins over
// an ISO code with the same letters: "as" is Asia here, not American Samoa).

const lang = z.string().max(35).optional();
const coverageType = z
  .string()
  .toUpperCase()
  .pipe(z.enum(["COUNTRY", "REGIONAL", "GLOBAL"]))
  .optional();
const currency = z
  .string()
  .toUpperCase()
  .pipe(z.enum(["EUR", "USD"]))
  .default("EUR");
const countryIso = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v.length === 2, {
    message: "country_iso is ISO 3166-1 alpha-2 (two letters, never three) or a region slug: eu, ww, as",
    abort: true,
  })
  .refine((v) => v in ESIM_REGIONS || isIsoAlpha2(v), "country_iso is not an ISO 3166-1 alpha-2 code or region slug")
  .optional();

const destinationsQuery = z.object({ coverage_type: coverageType, lang, ...pageQuery });
const productsQuery = z.object({
  country_iso: countryIso,
  data_type: z.enum(["all", "unlimited", "limited"]).default("all"),
  currency,
  lang,
  coverage_type: coverageType,
  ...pageQuery,
});
const planQuery = z.object({ currency, lang });

export function registerEsimRoutes(v2: EmulatorApp, ctx: EmulatorContext, state: CatalogState): void {
  const guarded = [requireAuth(ctx, { scope: "orders:read" }), esimGuard(ctx)] as const;
  const order = new Map(state.catalog.esimPlans.map((p, i) => [p.catalogId, i]));

  v2.get("/esim/destinations", ...guarded, (c) => {
    const query = parseQuery(c, ctx, destinationsQuery);
    if (!query.ok) return query.response;
    const l = langOf(query.data.lang);
    const destinations = state.catalog.esimDestinations.filter(
      (d) => !query.data.coverage_type || d.coverageType === query.data.coverage_type,
    );
    const rank = { COUNTRY: 0, REGIONAL: 1, GLOBAL: 2 } as const;
    return pagedOk(
      c,
      ctx,
      destinations,
      (d) => `${rank[d.coverageType]}:${destinationName(d.iso, "en")}:${d.iso}`,
      query.data,
      (d) => presentDestination(d, state.plansFor(d.iso), l),
    );
  });

  v2.get("/esim/products", ...guarded, (c) => {
    const query = parseQuery(c, ctx, productsQuery);
    if (!query.ok) return query.response;
    const { country_iso, data_type, coverage_type } = query.data;
    const plans = state
      .plansFor(country_iso)
      .filter((p) => data_type === "all" || p.unlimited === (data_type === "unlimited"))
      .filter((p) => !coverage_type || p.coverageType === coverage_type);
    const l = langOf(query.data.lang);
    const now = ctx.clock.now();
    return pagedOk(
      c,
      ctx,
      plans,
      (p) => padded(order.get(p.catalogId) ?? 0),
      query.data,
      (p) => presentPlan(p, l, query.data.currency, now, state.esimTokenKey),
      {
        token_expires_in: ESIM_TOKEN_LIFETIME_MS / 1000,
      },
    );
  });

  v2.get("/esim/products/:catalog_id", ...guarded, (c) => {
    const query = parseQuery(c, ctx, planQuery);
    if (!query.ok) return query.response;
    const plan = state.plan(c.req.param("catalog_id"));
    if (!plan)
      return commerceError(
        c,
        ctx,
        404,
        "PLAN_NOT_FOUND",
        `No eSIM plan with catalog_id "${c.req.param("catalog_id")}"`,
      );
    const destination = state.destination(plan.destination);
    const now = ctx.clock.now();
    return commerceOk(
      c,
      ctx,
      {
        ...presentPlan(plan, langOf(query.data.lang), query.data.currency, now, state.esimTokenKey),
        description: esimPlanDescription(plan, langOf(query.data.lang)),
        countries: destination?.countries ?? [],
        networks: destination?.networks ?? [],
        price_token_expires_at: new Date(Math.floor(now / 1000) * 1000 + ESIM_TOKEN_LIFETIME_MS).toISOString(),
      },
      200,
      { token_expires_in: ESIM_TOKEN_LIFETIME_MS / 1000 },
    );
  });
}
