import type { Context } from "hono";
import { z } from "zod";
import type { EmulatorContext } from "../../../core/context";
import { commerceError, commerceOk } from "../../../core/envelope";
import { requireAuth } from "../../auth";
import type { CatalogState, OperatorRef, Vertical } from "../catalog-state";
import { langOf, normalizeCountry, type Lang } from "../countries";
import { documentedDialect, documentedRate, withoutPricePoints } from "../documented";
import type { Rate } from "../model";
import { pageQuery, padded } from "../pagination";
import { lookupCarrier } from "../phone-lookup";
import {
  countryFields,
  operatorImageUrl,
  presentBrandDetail,
  presentBrandSummary,
  presentCarrier,
  presentCountry,
  presentPromotion,
  presentRate,
  presentServiceType,
  SERVICE_TYPES,
} from "../presenters";
import { pagedOk, parseId, parseQuery } from "./respond";
import type { EmulatorApp } from "../../../core/hono-env";

// The top-up catalog (spec §4 "Top-up catalog"). Registered twice: under /topup with the
// top-up vertical only, and un-prefixed with top-up and gift cards together (the aliases
// "return the unfiltered catalog").

const lang = z.string().max(35).optional();
const country = z.string().max(40).optional();
const serviceTypeName = z.enum(["airtime", "data", "bundle", "giftcard"]);

const countriesQuery = z.object({ lang, ...pageQuery });
const operatorsQuery = z.object({ country, lang });
const ratesQuery = z.object({
  q: z.string().max(100).optional(),
  service_type: z.union([serviceTypeName, z.string().regex(/^\d{1,9}$/)]).optional(),
  lang,
});
const promotionsQuery = z.object({ country, lang, ...pageQuery });
const searchQuery = z.object({
  country,
  q: z.string().max(100).optional(),
  operator_id: z
    .string()
    .regex(/^\d{1,9}$/, "operator_id must be a numeric id")
    .optional(),
  lang,
  ...pageQuery,
});
const langQuery = z.object({ lang });

type Options = { prefix: "/topup" | ""; verticals: readonly Vertical[] };

export function registerTopupCatalogRoutes(
  v2: EmulatorApp,
  ctx: EmulatorContext,
  state: CatalogState,
  { prefix, verticals }: Options,
): void {
  const auth = requireAuth(ctx, { scope: "orders:read" });
  const unknownOperator = (c: Context, id: number) =>
    commerceError(
      c,
      ctx,
      404,
      "OPERATOR_NOT_FOUND",
      `No ${verticals.length > 1 ? "" : "top-up "}operator with id ${id}`,
    );

  /** `country` as ISO-2 (any case), ISO-3 or numeric id; a value that is none of these is a 400. */
  const countryFilter = (
    c: Context,
    value: string | undefined,
  ): { ok: true; iso?: string } | { ok: false; response: Response } => {
    if (value === undefined || value === "") return { ok: true };
    const iso = normalizeCountry(value);
    if (iso) return { ok: true, iso };
    return {
      ok: false,
      response: commerceError(
        c,
        ctx,
        400,
        "INVALID_COUNTRY",
        `country must be an ISO 3166-1 code or numeric country id, got "${value}"`,
      ),
    };
  };

  /** Rates of an operator in scope, and the header fields the rates result starts with. */
  const ratesOf = (ref: OperatorRef): Rate[] =>
    ref.kind === "brand"
      ? ref.brand.denominations
      : ref.kind === "service"
        ? ref.service.rates
        : ref.carrier.services.flatMap((s) => s.rates);

  const operatorHeader = (ref: OperatorRef, requestedId: number, l: Lang) => {
    if (ref.kind === "brand") {
      return {
        id_operator: requestedId,
        id_parent: presentBrandSummary(ctx, ref.brand, l).id_parent,
        operator_name: ref.brand.name,
        ...countryFields(ref.brand.countryIso, l),
        currency: ref.brand.currency,
        img: operatorImageUrl(ctx, ref.brand.id),
      };
    }
    const carrier = ref.carrier;
    return {
      id_operator: requestedId,
      id_parent: ref.kind === "service" ? carrier.id : null,
      operator_name: carrier.name,
      ...countryFields(carrier.countryIso, l),
      currency: presentCarrier(ctx, carrier, l).currency,
      img: operatorImageUrl(ctx, carrier.id),
    };
  };

  v2.get(`${prefix}/countries`, auth, (c) => {
    const query = parseQuery(c, ctx, countriesQuery);
    if (!query.ok) return query.response;
    const l = langOf(query.data.lang);
    const entries = state.countries(verticals).map((iso) => presentCountry(state, iso, l));
    return pagedOk(
      c,
      ctx,
      entries,
      (e) => `${e.country_name}\u0000${e.iso_short_code}`,
      query.data,
      (e) => e,
    );
  });

  v2.get(`${prefix}/operators`, auth, (c) => {
    const query = parseQuery(c, ctx, operatorsQuery);
    if (!query.ok) return query.response;
    const filter = countryFilter(c, query.data.country);
    if (!filter.ok) return filter.response;
    const l = langOf(query.data.lang);
    const entries = [
      ...(verticals.includes("topup") ? state.carriers(filter.iso).map((o) => presentCarrier(ctx, o, l)) : []),
      ...(verticals.includes("giftcard") ? state.brands(filter.iso).map((b) => presentBrandSummary(ctx, b, l)) : []),
    ];
    // Upstream shape: an object keyed by id_operator, or an empty array when there are none.
    return commerceOk(
      c,
      ctx,
      entries.length === 0 ? [] : Object.fromEntries(entries.map((e) => [String(e.id_operator), e])),
    );
  });

  v2.get(`${prefix}/operators/:id/service-types`, auth, (c) => {
    const id = parseId(c, ctx, "id");
    if (!id.ok) return id.response;
    const ref = state.operator(id.data, verticals);
    if (!ref) return unknownOperator(c, id.data);
    if (ref.kind === "brand") {
      return commerceOk(c, ctx, [
        {
          id_operator: ref.brand.id,
          id_parent: presentBrandSummary(ctx, ref.brand, "en").id_parent,
          service_type: "giftcard",
          name: `${ref.brand.name} Gift card`,
          description: SERVICE_TYPES.giftcard.description,
          rates_count: ref.brand.denominations.length,
        },
      ]);
    }
    const services = ref.kind === "service" ? [ref.service] : ref.carrier.services;
    return commerceOk(
      c,
      ctx,
      services.map((s) => presentServiceType(s, ref.carrier)),
    );
  });

  v2.get(`${prefix}/operators/:id/rates`, auth, (c) => {
    const id = parseId(c, ctx, "id");
    if (!id.ok) return id.response;
    const query = parseQuery(c, ctx, ratesQuery);
    if (!query.ok) return query.response;
    const ref = state.operator(id.data, verticals);
    if (!ref) return unknownOperator(c, id.data);
    const { q, service_type } = query.data;
    const needle = q?.toLowerCase();
    const rates = ratesOf(ref).filter(
      (r) =>
        (service_type === undefined || r.serviceType === service_type || String(r.operatorId) === service_type) &&
        (!needle || r.productName.toLowerCase().includes(needle) || r.description.toLowerCase().includes(needle)),
    );
    // Documented: the price points alone (C§4 names no wrapper, C§2 no field beyond the five).
    if (documentedDialect(ctx)) return commerceOk(c, ctx, rates.map(documentedRate));
    const l = langOf(query.data.lang);
    return commerceOk(c, ctx, { ...operatorHeader(ref, id.data, l), rates: rates.map((r) => presentRate(r, l)) });
  });

  v2.get(`${prefix}/service-types`, auth, (c) => {
    const types = (["airtime", "data", "bundle", "giftcard"] as const).filter((t) =>
      t === "giftcard" ? verticals.includes("giftcard") : verticals.includes("topup"),
    );
    return commerceOk(
      c,
      ctx,
      types.map((t) => ({ service_type: t, category: t === "giftcard" ? "giftcard" : "topup", ...SERVICE_TYPES[t] })),
    );
  });

  v2.get(`${prefix}/promotions`, auth, (c) => {
    const query = parseQuery(c, ctx, promotionsQuery);
    if (!query.ok) return query.response;
    const filter = countryFilter(c, query.data.country);
    if (!filter.ok) return filter.response;
    const l = langOf(query.data.lang);
    const entries = state
      .activePromotions(ctx.clock.now(), verticals)
      .map((p) => presentPromotion(state, p, l))
      .filter((p) => !filter.iso || p.iso_short_code === filter.iso);
    return pagedOk(
      c,
      ctx,
      entries,
      (p) => padded(Number(p.id.replace("promo_", ""))),
      query.data,
      (p) => p,
    );
  });

  v2.get(`${prefix}/products/search`, auth, (c) => {
    const query = parseQuery(c, ctx, searchQuery);
    if (!query.ok) return query.response;
    const filter = countryFilter(c, query.data.country);
    if (!filter.ok) return filter.response;
    const l = langOf(query.data.lang);
    const needle = query.data.q?.toLowerCase();
    const operatorId = query.data.operator_id === undefined ? undefined : Number(query.data.operator_id);
    const refs: OperatorRef[] = [
      ...(verticals.includes("topup")
        ? state.carriers(filter.iso).map((carrier): OperatorRef => ({ kind: "carrier", carrier }))
        : []),
      ...(verticals.includes("giftcard")
        ? state.brands(filter.iso).map((brand): OperatorRef => ({ kind: "brand", brand }))
        : []),
    ];
    const products = refs.flatMap((ref) => {
      const name = ref.kind === "brand" ? ref.brand.name : ref.carrier.name;
      const parentId = ref.kind === "brand" ? ref.brand.id : ref.carrier.id;
      return ratesOf(ref)
        .filter((r) => operatorId === undefined || r.operatorId === operatorId || r.parentOperatorId === operatorId)
        .filter(
          (r) =>
            !needle ||
            name.toLowerCase().includes(needle) ||
            r.productName.toLowerCase().includes(needle) ||
            r.description.toLowerCase().includes(needle),
        )
        .map((r) => ({
          rate: r,
          fields: {
            ...presentRate(r, l),
            id_parent: parentId,
            operator_name: name,
            category: r.type,
            ...countryFields(r.countryIso, l),
          },
        }));
    });
    return pagedOk(
      c,
      ctx,
      products,
      (p) => `${padded(p.rate.operatorId)}:${padded(p.rate.amountMinor)}:${p.rate.token}`,
      query.data,
      (p) => p.fields,
    );
  });

  v2.get(`${prefix}/products/:operator_id`, auth, (c) => {
    const id = parseId(c, ctx, "operator_id");
    if (!id.ok) return id.response;
    const query = parseQuery(c, ctx, langQuery);
    if (!query.ok) return query.response;
    const ref = state.operator(id.data, verticals);
    if (!ref) return unknownOperator(c, id.data);
    const l = langOf(query.data.lang);
    const now = ctx.clock.now();
    if (ref.kind === "brand") {
      const detail = presentBrandDetail(ctx, state, ref.brand, l, now);
      return commerceOk(c, ctx, documentedDialect(ctx) ? withoutPricePoints(detail) : detail);
    }
    const carrier = ref.carrier;
    // Documented: an operator detail whose price points are not in this nested shape (README "Dialects").
    if (documentedDialect(ctx)) return commerceOk(c, ctx, withoutPricePoints(presentCarrier(ctx, carrier, l)));
    return commerceOk(c, ctx, {
      ...presentCarrier(ctx, carrier, l),
      service_types: carrier.services.map((s) => ({
        ...presentServiceType(s, carrier),
        rates: s.rates.map((r) => presentRate(r)),
      })),
      promotions: state
        .activePromotions(now, ["topup"])
        .filter((p) => p.operatorId === carrier.id)
        .map((p) => presentPromotion(state, p, l)),
      priced_at: new Date(now).toISOString(),
    });
  });

  v2.get(`${prefix}/carriers/lookup/:phone`, auth, (c) => {
    const query = parseQuery(c, ctx, langQuery);
    if (!query.ok) return query.response;
    const found = lookupCarrier(state, c.req.param("phone"));
    if (!found.ok) return commerceError(c, ctx, found.status, found.code, found.message);
    const l = langOf(query.data.lang);
    return commerceOk(c, ctx, {
      phone: found.e164,
      id_operator: found.carrier.id,
      ...countryFields(found.carrier.countryIso, l),
      operator_name: found.carrier.name,
      topup_type: "airtime",
      img: operatorImageUrl(ctx, found.carrier.id),
      number_type: found.numberType?.toLowerCase() ?? null,
      service_types: found.carrier.services.map((s) => ({ id_operator: s.id, service_type: s.serviceType })),
    });
  });
}
