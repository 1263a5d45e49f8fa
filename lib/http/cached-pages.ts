// Which requests the page cache answers ([13] performance): catalog pages seen by an anonymous
// visitor without a query are the same for everyone, so each is rendered once per data lifetime
// and served from Next.js's page cache (ISR). proxy.ts rewrites them to their cached twin under
// CACHED_PREFIX (app/(catalog-cache)/cached/[edition]/…), which renders the same page as an
// anonymous visitor with no query. Everything else (a query such as ?phone= or a filter, a
// signed-in visitor, a form post) reaches the page rendered per request, as before.

/** The twins' URL prefix; the edition lets a future change (language, currency) key the cache. */
export const CACHED_PREFIX = "/cached/1";

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
};

/** Auth.js's session cookie, plain or __Secure-, possibly chunked (.0, .1). */
function isSessionCookie(name: string): boolean {
  return /(^|\.)authjs\.session-token(\.\d+)?$/.test(name) || name.startsWith("__Secure-authjs.session-token");
}

/** The twin to rewrite to, or null when the page must be rendered for this request. */
export function cachedTwinPath(request: CachedPageRequest): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (request.isAction) return null;
  for (const name of request.searchParams.keys()) if (!NEUTRAL_PARAMS.has(name)) return null;
  if (request.cookieNames.some(isSessionCookie)) return null;
  if (!CACHED_ROUTES.some((route) => route.test(request.pathname))) return null;
  return request.pathname === "/" ? CACHED_PREFIX : `${CACHED_PREFIX}${request.pathname}`;
}

/** The twins are reached only through the rewrite: a visitor asking for one directly gets a 404. */
export function isCachedTwinPath(pathname: string): boolean {
  return pathname === "/cached" || pathname.startsWith("/cached/");
}

/** What a twin hands its page for searchParams: the page as reached without a query. */
export const NO_QUERY: Promise<Record<string, string | string[] | undefined>> = Promise.resolve({});
