import { z } from "zod";
import type { EmulatorContext } from "../../../core/context";
import { commerceError, commerceOk } from "../../../core/envelope";
import { requireAuth } from "../../auth";
import type { CatalogState } from "../catalog-state";
import { langOf, normalizeCountry } from "../countries";
import { documentedDialect, documentedRate, withoutPricePoints } from "../documented";
import { pageQuery, padded } from "../pagination";
import {
  countryFields,
  operatorImageUrl,
  presentBrandDetail,
  presentBrandSummary,
  presentCountry,
  presentRate,
} from "../presenters";
import { pagedOk, parseId, parseQuery } from "./respond";
import type { EmulatorApp } from "../../../core/hono-env";

// The gift card catalog (spec §4 "Gift card catalog"). Brands are operators whose parent
// category is gift cards; one brand operator per (brand, country).

const lang = z.string().max(35).optional();
const countriesQuery = z.object({ lang, ...pageQuery });
const brandsQuery = z.object({
  country: z.string().max(40).optional(),
  q: z.string().max(100).optional(),
  lang,
  ...pageQuery,
});
const langQuery = z.object({ lang });

export function registerGiftcardRoutes(v2: EmulatorApp, ctx: EmulatorContext, state: CatalogState): void {
  const auth = requireAuth(ctx, { scope: "orders:read" });

  v2.get("/giftcards/countries", auth, (c) => {
    const query = parseQuery(c, ctx, countriesQuery);
    if (!query.ok) return query.response;
    const l = langOf(query.data.lang);
    const entries = state.countries(["giftcard"]).map((iso) => presentCountry(state, iso, l));
    return pagedOk(
      c,
      ctx,
      entries,
      (e) => `${e.country_name}\u0000${e.iso_short_code}`,
      query.data,
      (e) => e,
    );
  });

  v2.get("/giftcards/brands", auth, (c) => {
    const query = parseQuery(c, ctx, brandsQuery);
    if (!query.ok) return query.response;
    const { country, q } = query.data;
    const iso = country ? normalizeCountry(country) : undefined;
    if (country && !iso)
      return commerceError(
        c,
        ctx,
        400,
        "INVALID_COUNTRY",
        `country must be an ISO 3166-1 alpha-2 code or numeric country id, got "${country}"`,
      );
    const needle = q?.toLowerCase();
    const brands = state
      .brands(iso)
      .filter((b) => !needle || b.name.toLowerCase().includes(needle) || b.category.includes(needle));
    const l = langOf(query.data.lang);
    return pagedOk(
      c,
      ctx,
      brands,
      (b) => padded(b.id),
      query.data,
      (b) => presentBrandSummary(ctx, b, l),
    );
  });

  v2.get("/giftcards/brands/:id/products", auth, (c) => {
    const id = parseId(c, ctx, "id");
    if (!id.ok) return id.response;
    const query = parseQuery(c, ctx, langQuery);
    if (!query.ok) return query.response;
    const ref = state.operator(id.data, ["giftcard"]);
    if (ref?.kind !== "brand")
      return commerceError(c, ctx, 404, "BRAND_NOT_FOUND", `No gift card brand with id ${id.data}`);
    // Documented: the denominations alone, as C§2 price points (README "Dialects").
    if (documentedDialect(ctx)) return commerceOk(c, ctx, ref.brand.denominations.map(documentedRate));
    const l = langOf(query.data.lang);
    return commerceOk(c, ctx, {
      id_operator: ref.brand.id,
      id_parent: presentBrandSummary(ctx, ref.brand, l).id_parent,
      operator_name: ref.brand.name,
      ...countryFields(ref.brand.countryIso, l),
      currency: ref.brand.currency,
      img: operatorImageUrl(ctx, ref.brand.id),
      rates: ref.brand.denominations.map((r) => presentRate(r)),
    });
  });

  v2.get("/giftcards/products/:operator_id", auth, (c) => {
    const id = parseId(c, ctx, "operator_id");
    if (!id.ok) return id.response;
    const query = parseQuery(c, ctx, langQuery);
    if (!query.ok) return query.response;
    const ref = state.operator(id.data, ["giftcard"]);
    if (ref?.kind !== "brand")
      return commerceError(c, ctx, 404, "BRAND_NOT_FOUND", `No gift card brand with id ${id.data}`);
    const detail = presentBrandDetail(ctx, state, ref.brand, langOf(query.data.lang), ctx.clock.now());
    // Documented: a brand detail without denominations (C§4 puts them on /giftcards/brands/{id}/products).
    return commerceOk(c, ctx, documentedDialect(ctx) ? withoutPricePoints(detail) : detail);
  });
}
