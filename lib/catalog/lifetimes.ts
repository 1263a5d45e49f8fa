// How long each cached upstream catalog stays fresh: the ONE place these lifetimes live.
// Only the resources listed here can be cached (the cache's `resource` parameter is a key of
// this manifest), so nothing that must be live can slip in by accident. Never cached, by
// design: order previews (account-specific and authoritative; lib/orders/quote.ts reuses one
// for a minute only, in its own rows, never served stale), orders and their status,
// balance and balance history, eSIM lines (remaining data), IMEI checks (a paid, per-device
// lookup), webhooks, and /status, /geo.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type CatalogResourcePolicy = {
  upstream: "commerce" | "unlock";
  /** How long a fetched value is fresh: served without asking the upstream. */
  lifetimeMs: number;
  /**
   * Up to which age an expired value is still served at once while one refresh runs in the
   * background (stale-while-revalidate). An older value makes the read wait for the refresh,
   * and is served only if that refresh fails (stale-on-failure), marked stale with its age.
   */
  serveStaleForMs: number;
  /** The endpoints this resource stands for, and why its lifetime is what it is. */
  endpoints: string;
  why: string;
};

/** Data that carries price tokens: served at once only while its tokens still have time left. */
const PRICED = { lifetimeMs: 10 * MINUTE, serveStaleForMs: 20 * MINUTE } as const;
/** Reference data that changes rarely: refreshed daily, an old copy is always better than none. */
const DAILY = { lifetimeMs: DAY, serveStaleForMs: Number.POSITIVE_INFINITY } as const;

const PRICED_WHY =
  "Carries price tokens (rate `token` / eSIM `price_token`) that the order is placed with; eSIM tokens are signed and expire (upstream-notes; 30 minutes in the emulator). Ten minutes keeps tokens and totals fresh; a copy older than 20 minutes is not shown while a refresh can still bring new tokens.";
const UNLOCK_WHY = 'unlocking-api.md section 4, recommended client flow: "Cache catalog calls and refresh daily".';

export const CATALOG_RESOURCES = {
  // Commerce API v2: top-up
  "topup.countries": {
    upstream: "commerce",
    ...DAILY,
    endpoints: "GET /v2/topup/countries",
    why: "Countries served change with the upstream's coverage, rarely.",
  },
  "topup.operators": {
    upstream: "commerce",
    ...DAILY,
    endpoints: "GET /v2/topup/operators?country=",
    why: "A country's operators change rarely; prices are not part of the list.",
  },
  "topup.service-types": {
    upstream: "commerce",
    ...DAILY,
    endpoints: "GET /v2/topup/service-types, GET /v2/topup/operators/{id}/service-types",
    why: "Airtime/data/bundle definitions and an operator's child operators are reference data.",
  },
  "topup.rates": { upstream: "commerce", ...PRICED, endpoints: "GET /v2/topup/operators/{id}/rates", why: PRICED_WHY },
  "topup.products": {
    upstream: "commerce",
    ...PRICED,
    endpoints: "GET /v2/topup/products/{operator_id}, GET /v2/topup/products/search",
    why: `The operator detail (read for the operator's own fields; prices come from its rates) and the catalog search. ${PRICED_WHY}`,
  },
  "topup.promotions": {
    upstream: "commerce",
    lifetimeMs: HOUR,
    serveStaleForMs: HOUR,
    endpoints: "GET /v2/topup/promotions",
    why: '"Active promotions": windows start and end during the day, so an ended promotion should disappear within the hour; informational, so an hour-old copy is acceptable.',
  },
  "topup.carrier-lookup": {
    upstream: "commerce",
    lifetimeMs: DAY,
    serveStaleForMs: DAY,
    endpoints: "GET /v2/topup/carriers/lookup/{phone}",
    why: "One number's carrier changes only when the number is ported; a day spares the upstream a lookup per keystroke and per retry. Key it by a hash of the number, not the number itself.",
  },
  // Commerce API v2: travel eSIM
  "esim.destinations": {
    upstream: "commerce",
    ...DAILY,
    endpoints: "GET /v2/esim/destinations",
    why: "Destinations with published plans change rarely.",
  },
  "esim.plans": {
    upstream: "commerce",
    ...PRICED,
    endpoints: "GET /v2/esim/products, GET /v2/esim/products/{catalog_id}",
    why: PRICED_WHY,
  },
  // Commerce API v2: gift cards
  "giftcard.countries": {
    upstream: "commerce",
    ...DAILY,
    endpoints: "GET /v2/giftcards/countries",
    why: "Countries with gift card brands change rarely.",
  },
  "giftcard.brands": {
    upstream: "commerce",
    ...DAILY,
    endpoints: "GET /v2/giftcards/brands?country=",
    why: "A country's brands change rarely; denominations and prices are a separate resource.",
  },
  "giftcard.products": {
    upstream: "commerce",
    ...PRICED,
    endpoints: "GET /v2/giftcards/brands/{id}/products, GET /v2/giftcards/products/{operator_id}",
    why: `Denominations with rate tokens. ${PRICED_WHY}`,
  },
  // Unlocking API: every catalog call, as its spec recommends
  "unlock.countries": { upstream: "unlock", ...DAILY, endpoints: "GET /countries", why: UNLOCK_WHY },
  "unlock.networks": {
    upstream: "unlock",
    ...DAILY,
    endpoints: "GET /networks, GET /networks/{country_id}",
    why: UNLOCK_WHY,
  },
  "unlock.brands": { upstream: "unlock", ...DAILY, endpoints: "GET /brands", why: UNLOCK_WHY },
  "unlock.devices": {
    upstream: "unlock",
    ...DAILY,
    endpoints: "GET /devices/{brand_id}, GET /devices/{brand_id}/{device_id}",
    why: UNLOCK_WHY,
  },
  "unlock.tools": {
    upstream: "unlock",
    ...DAILY,
    endpoints: "GET /tools/{device_id}/{network_id}",
    why: `${UNLOCK_WHY} The spec makes no exception for tools, although they carry the price and average delivery time.`,
  },
} as const satisfies Record<string, CatalogResourcePolicy>;

export type CatalogResource = keyof typeof CATALOG_RESOURCES;

export function catalogPolicy(resource: CatalogResource): CatalogResourcePolicy {
  return CATALOG_RESOURCES[resource];
}

/**
 * A canonical cache key: the resource, then its parameters sorted by name, so the same
 * request always lands on the same entry, e.g. `topup.operators?country=gb`.
 */
export function catalogKey(
  resource: CatalogResource,
  params: Record<string, string | number | boolean | undefined> = {},
): string {
  const query = Object.entries(params)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join("&");
  return query ? `${resource}?${query}` : resource;
}
