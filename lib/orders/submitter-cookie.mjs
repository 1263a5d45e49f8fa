// The submitter cookie on its own (no database, no next/headers), so the proxy that sets it on
// the review pages, the pay actions that read it and scripts/serve.mjs's front cache (which
// answers a cached product page without Next.js, lib/http/front-cache.mjs) share one name,
// shape and set of options. The rule that uses it lives in ./submitter.ts. Plain JavaScript:
// serve.mjs runs on Node.js alone.

import { splitLocale } from "../i18n/locale-routing.mjs";

/** The cookie's name over http. Over https it is `__Host-submitter`: use submitterCookieName(). */
export const SUBMITTER_COOKIE = "submitter";
/**
 * Over https the name carries the `__Host-` prefix: browsers then accept it only with Secure,
 * Path=/ and no Domain, so neither a sibling subdomain nor a page over plain http can plant or
 * overwrite it. Browsers refuse such a cookie without Secure, so over http the plain name stays.
 */
const HOST_PREFIX = "__Host-";

/** 32 random bytes, base64url: the browser's submitter secret. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/**
 * The product pages (docs/security.md, finding 1): a browser gets its submitter cookie when it
 * opens one, before any "Pay", so two tabs of one review present the same submitter.
 */
const PRODUCT_PAGE = /^\/(?:(?:topup|esim|giftcards|unlock)(?:\/.*)?|imei-check)$/;

/** @returns {string} */
export function newSubmitterSecret() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Buffer.from(bytes).toString("base64url");
}

/**
 * @param {string | undefined} value
 * @returns {value is string}
 */
export function isSubmitterSecret(value) {
  return typeof value === "string" && SECRET_SHAPE.test(value);
}

/**
 * Whether the shop is served over https: its APP_URL (the one mode every instance, the proxy,
 * the front cache and the pay actions agree on, whatever one request came in by).
 * @param {string | undefined} appUrl
 */
function httpsApp(appUrl) {
  return /^https:\/\//i.test(appUrl ?? "");
}

/**
 * The submitter cookie's name for the shop's mode: `__Host-submitter` when APP_URL is https,
 * else `submitter`. Readers ask for this name only (the other one is not this shop's cookie).
 * @param {string | undefined} [appUrl] defaults to process.env.APP_URL
 */
export function submitterCookieName(appUrl = process.env.APP_URL) {
  return httpsApp(appUrl) ? `${HOST_PREFIX}${SUBMITTER_COOKIE}` : SUBMITTER_COOKIE;
}

/**
 * httpOnly (scripts never read it), SameSite=Lax, Path=/, no Domain; Secure when the shop is
 * served over https (always with the `__Host-` name) or this request came over https.
 * @param {string} secret
 * @param {boolean} secure
 * @param {string | undefined} [appUrl] defaults to process.env.APP_URL
 */
export function submitterCookie(secret, secure, appUrl = process.env.APP_URL) {
  return {
    name: submitterCookieName(appUrl),
    value: secret,
    httpOnly: true,
    sameSite: /** @type {const} */ ("lax"),
    secure: secure || httpsApp(appUrl),
    path: "/",
    maxAge: MAX_AGE_SECONDS,
  };
}

/**
 * The same cookie as a Set-Cookie header value, for answers written without Next.js.
 * @param {string} secret
 * @param {boolean} secure
 * @param {string | undefined} [appUrl] defaults to process.env.APP_URL
 */
export function submitterSetCookie(secret, secure, appUrl = process.env.APP_URL) {
  const cookie = submitterCookie(secret, secure, appUrl);
  return `${cookie.name}=${secret}; Path=/; Max-Age=${MAX_AGE_SECONDS}${cookie.secure ? "; Secure" : ""}; HttpOnly; SameSite=lax`;
}

/**
 * Whether this request's answer hands the browser a new submitter cookie: a GET of a product
 * page from a browser without a valid one.
 * @param {string} method
 * @param {string} pathname
 * @param {string | undefined} current the request's submitter cookie, if any
 */
export function needsSubmitterCookie(method, pathname, current) {
  return method === "GET" && PRODUCT_PAGE.test(splitLocale(pathname).path) && !isSubmitterSecret(current);
}
