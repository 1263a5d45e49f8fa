import { isSessionCookie } from "@/lib/auth/session-cookie.mjs";
import { currencyEdition, type ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import { filterSearch, parsePlanFilters } from "@/lib/products/esim/plan-filter";

// Which requests the page cache answers (docs/architecture.md "Page cache"): catalog pages seen
// by an anonymous visitor without a query are the same for everyone, so proxy.ts rewrites them
// to their cached twin under /cached/<currency> (app/(catalog-cache)/cached/[edition]/…), which
// renders the same page with no query and no session, priced in the visitor's currency. The
// eSIM plan filters (a small, closed set) are cached too, one page per combination, so a
// filtered list stays a shareable URL. Everything else (?phone=, a free-text search, a
// signed-in visitor, a form post) reaches the page rendered per request.

/** The twins' URL prefix for a currency: each currency has its own cached pages (/cached/usd). */
export function cachedPrefix(currency: ShopCurrency): string {
  return `/cached/${currencyEdition(currency)}`;
}

const SEGMENT = "[A-Za-z0-9._~-]{1,120}";
const NOT_LINES = `(?!lines(?:/|$))${SEGMENT}`;

/** The catalog routes that have a cached twin. Keep in step with app/(catalog-cache). */
const CACHED_ROUTES: RegExp[] = [
  "/",
  "/topup",
  `/topup/${SEGMENT}`,
  `/topup/${SEGMENT}/${SEGMENT}`,
  "/esim",
  `/esim/${NOT_LINES}`,
  `/esim/${NOT_LINES}/${SEGMENT}`,
  "/giftcards",
  `/giftcards/${SEGMENT}`,
  `/giftcards/${SEGMENT}/${SEGMENT}`,
  "/unlock",
  `/unlock/${SEGMENT}`,
  `/unlock/${SEGMENT}/${SEGMENT}`,
  `/unlock/${SEGMENT}/${SEGMENT}/${SEGMENT}/${SEGMENT}`,
  `/unlock/${SEGMENT}/${SEGMENT}/${SEGMENT}/${SEGMENT}/${SEGMENT}`,
  "/imei-check",
].map((route) => new RegExp(`^${route}$`));

/** Query parameters that do not change a page: Next's own cache-buster on router requests. */
const NEUTRAL_PARAMS = new Set(["_rsc"]);

export type CachedPageRequest = {
  method: string;
  pathname: string;
  searchParams: URLSearchParams;
  cookieNames: string[];
  /** A server action post carries this header. */
  isAction: boolean;
  /** The visitor's currency (lib/i18n/currency-routing.mjs). */
  currency: ShopCurrency;
};

/** An eSIM destination's plan list, whose filters have a cached page each (FILTERED_SEGMENT). */
const ESIM_DESTINATION = new RegExp(`^/esim/${NOT_LINES}$`);
const ESIM_FILTER_PARAMS = new Set(["type", "data", "days", "sort"]);

/** Where a twin takes its filters from: /cached/eur/esim/eu/filtered/type%3Dunlimited. */
export const FILTERED_SEGMENT = "filtered";

/** The twin to rewrite to, or null when the page must be rendered for this request. */
export function cachedTwinPath(request: CachedPageRequest): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (request.isAction) return null;
  if (request.cookieNames.some(isSessionCookie)) return null;
  if (!CACHED_ROUTES.some((route) => route.test(request.pathname))) return null;
  const prefix = cachedPrefix(request.currency);
  const twin = request.pathname === "/" ? prefix : `${prefix}${request.pathname}`;
  const names = [...request.searchParams.keys()].filter((name) => !NEUTRAL_PARAMS.has(name));
  if (names.length === 0) return twin;
  if (!ESIM_DESTINATION.test(request.pathname) || !names.every((name) => ESIM_FILTER_PARAMS.has(name))) return null;
  // The page's own reading of the filters, written back in one canonical order: values it
  // would ignore fall away, so the number of cached pages per destination stays small.
  const filters = filterSearch(
    parsePlanFilters(Object.fromEntries(names.map((name) => [name, request.searchParams.get(name) ?? ""]))),
  ).toString();
  return filters ? `${twin}/${FILTERED_SEGMENT}/${encodeURIComponent(filters)}` : twin;
}

/** The twins are reached only through the rewrite: a visitor asking for one directly gets a 404. */
export function isCachedTwinPath(pathname: string): boolean {
  return pathname === "/cached" || pathname.startsWith("/cached/");
}

/** What a twin hands its page for searchParams: the page as reached without a query. */
export const NO_QUERY: Promise<Record<string, string | string[] | undefined>> = Promise.resolve({});
