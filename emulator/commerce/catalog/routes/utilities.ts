import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import type { EmulatorContext } from "../../../core/context";
import { commerceError, commerceOk } from "../../../core/envelope";
import { requireAuth, resourceMetadataUrl } from "../../auth";
import type { CatalogState } from "../catalog-state";
import { callingCode, langOf, type Lang } from "../countries";
import { currencyOf } from "../data/currencies";
import { countryFields } from "../presenters";
import type { EmulatorApp } from "../../../core/hono-env";

// Status and utilities (spec §4): GET /status and GET / without auth, GET /geo with auth.

/** Where loopback and private addresses are placed (the emulator cannot geolocate offline). */
export const LOOPBACK_LOCATION = {
  iso: "es",
  region: "Community of Madrid",
  city: "Madrid",
  latitude: 40.4168,
  longitude: -3.7038,
  timezone: "Europe/Madrid",
} as const;

const geoQuery = z.object({
  ip: z
    .string()
    .max(64)
    .refine((v) => isIP(v) !== 0, "ip must be an IPv4 or IPv6 address")
    .optional(),
  lang: z.string().max(35).optional(),
});

function isPrivateOrLoopback(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/, "");
  return (
    ip === "::1" ||
    /^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(v4) ||
    /^172\.(1[6-9]|2\d|3[0-1])\./.test(v4) ||
    /^f[cd][0-9a-f]{2}:/i.test(ip) ||
    /^fe80:/i.test(ip)
  );
}

function clientIp(c: Context): string {
  const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
  if (forwarded && isIP(forwarded)) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "127.0.0.1";
  } catch {
    return "127.0.0.1"; // not served by @hono/node-server (app.request in unit tests)
  }
}

export function registerUtilityRoutes(v2: EmulatorApp, ctx: EmulatorContext, state: CatalogState): void {
  const base = () => `${ctx.config.publicUrl}/v2`;

  v2.get("/status", (c) =>
    commerceOk(c, ctx, {
      status: "ok",
      version: "v2",
      time: ctx.isoNow(),
      services: {
        topup: "operational",
        giftcard: "operational",
        esim: ctx.config.esimEnabled ? "operational" : "disabled",
        orders: "operational",
      },
    }),
  );

  v2.get("/", (c) =>
    commerceOk(c, ctx, {
      name: "Commerce API",
      version: "v2",
      description: "Mobile top-ups, travel eSIM plans and gift cards: catalogs, orders, balance and webhooks.",
      authentication: { type: "Bearer", resource_metadata: resourceMetadataUrl(ctx), schemes: ["api_key", "oauth2"] },
      links: {
        self: base(),
        status: `${base()}/status`,
        geo: `${base()}/geo`,
        topup_countries: `${base()}/topup/countries`,
        topup_operators: `${base()}/topup/operators`,
        topup_service_types: `${base()}/topup/service-types`,
        topup_promotions: `${base()}/topup/promotions`,
        topup_search: `${base()}/topup/products/search`,
        carrier_lookup: `${base()}/topup/carriers/lookup/{phone}`,
        ...(ctx.config.esimEnabled
          ? { esim_destinations: `${base()}/esim/destinations`, esim_products: `${base()}/esim/products` }
          : {}),
        giftcard_countries: `${base()}/giftcards/countries`,
        giftcard_brands: `${base()}/giftcards/brands`,
        orders: `${base()}/orders`,
        orders_preview: `${base()}/orders/preview`,
        balance: `${base()}/balance`,
        webhooks: `${base()}/webhooks`,
        protected_resource_metadata: resourceMetadataUrl(ctx),
      },
    }),
  );

  v2.get("/geo", requireAuth(ctx, { scope: "orders:read" }), (c) => {
    const query = geoQuery.safeParse(c.req.query());
    if (!query.success)
      return commerceError(c, ctx, 400, "VALIDATION_ERROR", `Invalid query: ${z.prettifyError(query.error)}`);
    const ip = query.data.ip ?? clientIp(c);
    const l: Lang = langOf(query.data.lang);
    if (isPrivateOrLoopback(ip)) {
      const at = LOOPBACK_LOCATION;
      return commerceOk(c, ctx, {
        ip,
        ...countryFields(at.iso, l),
        country_iso: at.iso,
        region: at.region,
        city: at.city,
        latitude: at.latitude,
        longitude: at.longitude,
        timezone: at.timezone,
        currency: currencyOf(at.iso).code,
        calling_code: callingCode(at.iso),
        source: "emulator-fixed-loopback",
      });
    }
    // A public address: a stable pseudo-location among the top-up countries, clearly marked.
    const countries = state.catalog.topupCountries;
    const iso = countries[createHash("sha256").update(ip).digest().readUInt32BE(0) % countries.length]!;
    return commerceOk(c, ctx, {
      ip,
      ...countryFields(iso, l),
      country_iso: iso,
      region: null,
      city: null,
      latitude: null,
      longitude: null,
      timezone: null,
      currency: currencyOf(iso).code,
      calling_code: callingCode(iso),
      source: "emulator-hash",
    });
  });
}
