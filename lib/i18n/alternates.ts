import { DEFAULT_LOCALE, LOCALES, localizedPath } from "./locale-routing.mjs";

// hreflang alternates for every buyer page, sent by proxy.ts as an HTTP Link header
// (which search engines read as they read <link rel="alternate"> in the head): one place for
// every page, cached or not, instead of one in each page's metadata.

/** The shop's public address, as links in mail use it; relative links when it is not set. */
function origin(): string {
  return (process.env.APP_URL ?? "").replace(/\/+$/, "");
}

/**
 * Longer paths get no alternates: no page of the shop has one, and three copies of a long path
 * in a header made answers too large for clients to read (Node's fetch refuses headers over
 * 16 KiB: the fuzz test's 4,000-character paths went unanswered).
 */
const MAX_PATH_LENGTH = 512;

/** `<https://shop/topup>; rel="alternate"; hreflang="en", <…/es/topup>; …; hreflang="x-default"`, or null for an over-long path. */
export function alternateLinks(path: string): string | null {
  if (path.length > MAX_PATH_LENGTH) return null;
  const base = origin();
  const link = (href: string, hreflang: string) => `<${base}${href}>; rel="alternate"; hreflang="${hreflang}"`;
  return [
    ...LOCALES.map((locale) => link(localizedPath(path, locale), locale)),
    link(localizedPath(path, DEFAULT_LOCALE), "x-default"),
  ].join(", ");
}
