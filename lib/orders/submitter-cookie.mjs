// The submitter cookie on its own (no database, no next/headers), so the proxy that sets it on
// the review pages, the pay actions that read it and scripts/serve.mjs's front cache (which
// answers a cached product page without Next.js, lib/http/front-cache.mjs) share one name,
// shape and set of options. The rule that uses it lives in ./submitter.ts. Plain JavaScript:
// serve.mjs runs on Node.js alone.

import { splitLocale } from "../i18n/locale-routing.mjs";

export const SUBMITTER_COOKIE = "submitter";

/** 32 random bytes, base64url: the browser's submitter secret. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/**
 * The product pages (security finding 1 of [11]): a browser gets its submitter cookie when it
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
 * httpOnly (scripts never read it), SameSite=Lax, Secure when the shop is served over https.
 * @param {string} secret
 * @param {boolean} secure
 */
export function submitterCookie(secret, secure) {
  return { name: SUBMITTER_COOKIE, value: secret, httpOnly: true, sameSite: /** @type {const} */ ("lax"), secure, path: "/", maxAge: MAX_AGE_SECONDS };
}

/**
 * The same cookie as a Set-Cookie header value, for answers written without Next.js.
 * @param {string} secret
 * @param {boolean} secure
 */
export function submitterSetCookie(secret, secure) {
  return `${SUBMITTER_COOKIE}=${secret}; Path=/; Max-Age=${MAX_AGE_SECONDS}${secure ? "; Secure" : ""}; HttpOnly; SameSite=lax`;
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
