// Which currency a buyer's request prices in (docs/i18n.md "Currencies": the CURRENCY_COOKIE a
// choice in the switcher sets, else the region of the browser's preferred language; never the
// address). One home for the rule, shared by proxy.ts (which remembers a choice and hands the
// currency to pages and actions) and scripts/serve.mjs's front cache (which must not hand a euro
// copy of a page to a visitor who sees dollars).
// Plain JavaScript: serve.mjs runs on Node.js alone.

/** @typedef {"EUR" | "USD"} ShopCurrency */

/** @type {readonly ShopCurrency[]} */
export const SHOP_CURRENCIES = ["EUR", "USD"];
/** @type {ShopCurrency} */
export const DEFAULT_CURRENCY = "EUR";
export const CURRENCY_COOKIE = "currency";
/** The query parameter of the currency switcher's links (lower case: ?currency=usd). */
export const CURRENCY_PARAM = "currency";
/** The request header proxy.ts hands pages, actions and routes the visitor's currency in. */
export const CURRENCY_HEADER = "x-shop-currency";
const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/**
 * Countries and territories whose currency is the US dollar (ISO 3166-1): the United States and
 * its territories, and the countries that use the dollar as their own.
 */
const DOLLAR_REGIONS = new Set([
  "US",
  "PR",
  "GU",
  "VI",
  "AS",
  "MP",
  "UM",
  "EC",
  "SV",
  "PA",
  "TL",
  "FM",
  "MH",
  "PW",
  "ZW",
  "BQ",
  "TC",
  "VG",
  "IO",
]);

/**
 * @param {unknown} value
 * @returns {value is ShopCurrency}
 */
export function isShopCurrency(value) {
  return typeof value === "string" && /** @type {readonly string[]} */ (SHOP_CURRENCIES).includes(value);
}

/**
 * A currency the shop sells in, from anything that may name one (a cookie, a header, a query
 * value in any case): null for anything else.
 * @param {unknown} value
 * @returns {ShopCurrency | null}
 */
export function parseShopCurrency(value) {
  if (typeof value !== "string") return null;
  const upper = value.trim().toUpperCase();
  return isShopCurrency(upper) ? upper : null;
}

/**
 * The currency of the browser's most preferred language that names a region
 * ("es-US,es;q=0.9" → USD; "es-ES,es" → EUR; "es" → EUR).
 * @param {string | null | undefined} acceptLanguage
 * @returns {ShopCurrency}
 */
export function regionCurrency(acceptLanguage) {
  if (!acceptLanguage) return DEFAULT_CURRENCY;
  let best = /** @type {string | null} */ (null);
  let bestQuality = 0;
  for (const part of acceptLanguage.split(",").slice(0, 20)) {
    const [tag = "", ...params] = part.trim().split(";");
    const region = tag
      .trim()
      .split("-")
      .find((sub, index) => index > 0 && /^[A-Za-z]{2}$/.test(sub));
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const quality = qParam ? Number(qParam.slice(2)) : 1;
    if (!region || !Number.isFinite(quality) || quality <= bestQuality) continue;
    best = region.toUpperCase();
    bestQuality = quality;
  }
  return best && DOLLAR_REGIONS.has(best) ? "USD" : DEFAULT_CURRENCY;
}

/**
 * The currency a visitor sees: the one they chose (the cookie), else their browser's region's.
 * @param {{ cookie: string | undefined | null; acceptLanguage: string | null | undefined }} visitor
 * @returns {ShopCurrency}
 */
export function visitorCurrency(visitor) {
  return parseShopCurrency(visitor.cookie) ?? regionCurrency(visitor.acceptLanguage);
}

/**
 * The currency a switcher link chose (?currency=usd), or null.
 * @param {URLSearchParams} searchParams
 * @returns {ShopCurrency | null}
 */
export function chosenCurrency(searchParams) {
  return parseShopCurrency(searchParams.get(CURRENCY_PARAM));
}

/**
 * The address a switcher link leads back to: the same path and query without ?currency=.
 * @param {string} pathname
 * @param {URLSearchParams} searchParams
 */
export function withoutCurrencyParam(pathname, searchParams) {
  const rest = new URLSearchParams(searchParams);
  rest.delete(CURRENCY_PARAM);
  const query = rest.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The cookie that remembers a chosen currency, for NextResponse.cookies.set.
 * @param {ShopCurrency} currency
 * @param {boolean} secure
 */
export function currencyCookie(currency, secure) {
  return {
    name: CURRENCY_COOKIE,
    value: currency,
    httpOnly: true,
    sameSite: /** @type {const} */ ("lax"),
    secure,
    path: "/",
    maxAge: COOKIE_MAX_AGE_SECONDS,
  };
}

/**
 * The cached catalog twins' edition segment for a currency (/en/cached/usd/esim/eu), and back.
 * @param {ShopCurrency} currency
 */
export function currencyEdition(currency) {
  return currency.toLowerCase();
}

/**
 * @param {string} edition
 * @returns {ShopCurrency | null}
 */
export function editionCurrency(edition) {
  return edition === edition.toLowerCase() ? parseShopCurrency(edition) : null;
}
