// Which language a buyer's request is in, and where a request in the wrong one is sent
// (docs/i18n.md "Which language a visitor gets": a prefix wins, then the LOCALE_COOKIE a choice
// in the switcher sets, then Accept-Language; English has no prefix, Spanish is under /es; staff
// pages, API routes, build files and the app's icons have no language). One home for the rule,
// shared by proxy.ts (which rewrites and redirects) and scripts/serve.mjs's front cache (which
// must not hand an English copy to a visitor proxy.ts would send to Spanish).
// Plain JavaScript: serve.mjs runs on Node.js alone.

/** @typedef {"en" | "es"} Locale */

/** @type {readonly Locale[]} */
export const LOCALES = ["en", "es"];
/** @type {Locale} */
export const DEFAULT_LOCALE = "en";
export const LOCALE_COOKIE = "locale";
/** The query parameter of the language switcher's links. */
export const LOCALE_PARAM = "locale";
const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** Paths that have no language: staff pages, routes, build files, the icons and manifest. */
const UNLOCALIZED =
  /^\/(?:admin|api|_next|icons)(?:\/|$)|^\/(?:favicon\.ico|icon\.svg|apple-touch-icon\.png|manifest\.webmanifest|robots\.txt|sitemap\.xml)$/;

/**
 * @param {unknown} value
 * @returns {value is Locale}
 */
export function isLocale(value) {
  return typeof value === "string" && /** @type {readonly string[]} */ (LOCALES).includes(value);
}

/**
 * A language the shop writes, from anything that may name one (a route segment, a header, a
 * stored order or account): English for anything else.
 * @param {unknown} value
 * @returns {Locale}
 */
export function supportedLocale(value) {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** @param {string} pathname */
export function isLocalizedPath(pathname) {
  return !UNLOCALIZED.test(pathname);
}

/**
 * A buyer-facing address split into its language and the page's own path:
 * "/es/topup/es" → { locale: "es", path: "/topup/es", prefixed: true }; "/topup" → English,
 * not prefixed. "/en/…" is prefixed English (sent to its unprefixed address).
 * @param {string} pathname
 * @returns {{ locale: Locale; path: string; prefixed: boolean }}
 */
export function splitLocale(pathname) {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLocale(match[1])) return { locale: match[1], path: match[2] || "/", prefixed: true };
  return { locale: DEFAULT_LOCALE, path: pathname, prefixed: false };
}

/**
 * The public address of a page in a language: ("/topup", "es") → "/es/topup"; ("/", "es") → "/es";
 * ("/topup", "en") → "/topup".
 * @param {string} path
 * @param {Locale} locale
 */
export function localizedPath(path, locale) {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/**
 * The supported language a browser prefers most (Accept-Language: "es-ES,es;q=0.9,en;q=0.8" →
 * "es"), or null when it names none of them. Ties keep the header's order.
 * @param {string | null | undefined} header
 * @returns {Locale | null}
 */
export function preferredLocale(header) {
  if (!header) return null;
  let best = /** @type {Locale | null} */ (null);
  let bestQuality = 0;
  for (const part of header.split(",").slice(0, 20)) {
    const [tag = "", ...params] = part.trim().split(";");
    const language = tag.trim().toLowerCase().split("-")[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const quality = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(quality) || quality <= bestQuality) continue;
    if (isLocale(language)) {
      best = language;
      bestQuality = quality;
    }
  }
  return best;
}

/**
 * A browser's page load, as opposed to the router's requests for a page's payload (an `RSC`
 * header), a server action, or a script: only a page load is ever redirected to its language.
 * @param {(name: string) => string | null | undefined} header
 */
export function isDocumentRequest(header) {
  if (header("rsc") || header("next-action")) return false;
  return header("sec-fetch-dest") === "document" || (header("accept") ?? "").includes("text/html");
}

/**
 * @typedef {object} LocaleRequest
 * @property {string} method
 * @property {string} pathname
 * @property {URLSearchParams} searchParams
 * @property {string | undefined} cookie the LOCALE_COOKIE's value
 * @property {string | null} acceptLanguage
 * @property {boolean} isDocument a browser's page load (not a router request, not an action)
 */

/**
 * Where proxy.ts sends a request in the wrong language: `{ location, remember }` (a path with
 * its query, and the language to remember when the visitor chose one: the switcher, or an
 * address under /en/), or null to serve it.
 * @param {LocaleRequest} request
 * @returns {{ location: string; remember: Locale | null } | null}
 */
export function localeRedirect(request) {
  if ((request.method !== "GET" && request.method !== "HEAD") || !request.isDocument) return null;
  if (!isLocalizedPath(request.pathname)) return null;
  const { locale, path, prefixed } = splitLocale(request.pathname);
  const chosen = request.searchParams.get(LOCALE_PARAM);
  if (isLocale(chosen))
    return { location: withQuery(localizedPath(path, chosen), request.searchParams), remember: chosen };
  if (prefixed && locale === DEFAULT_LOCALE)
    return { location: withQuery(path, request.searchParams), remember: DEFAULT_LOCALE };
  if (prefixed) return null;
  const wanted = isLocale(request.cookie) ? request.cookie : preferredLocale(request.acceptLanguage);
  if (wanted && wanted !== DEFAULT_LOCALE)
    return { location: withQuery(localizedPath(path, wanted), request.searchParams), remember: null };
  return null;
}

/**
 * The request's query without the switcher's parameter.
 * @param {string} path
 * @param {URLSearchParams} searchParams
 */
function withQuery(path, searchParams) {
  const rest = new URLSearchParams(searchParams);
  rest.delete(LOCALE_PARAM);
  const query = rest.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The remembered language's cookie: readable by no script, a year long.
 * @param {Locale} locale
 * @param {boolean} secure
 */
export function localeCookie(locale, secure) {
  return {
    name: LOCALE_COOKIE,
    value: locale,
    httpOnly: true,
    sameSite: /** @type {const} */ ("lax"),
    secure,
    path: "/",
    maxAge: COOKIE_MAX_AGE_SECONDS,
  };
}
