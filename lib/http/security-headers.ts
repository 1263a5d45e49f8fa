// The headers every answer carries (docs/security.md, "Headers"). proxy.ts sets them per request:
// a fresh CSP nonce on pages rendered per request, the cached-page CSP on catalog pages served
// from the page cache (lib/http/cached-pages.ts), completed with their inline scripts' hashes by
// scripts/serve.mjs's front cache; next.config.mjs sets the static ones on /_next/static files,
// which the proxy does not see.
import { THEME_SCRIPT_HASH } from "./theme-script";

/** 128 random bits, base64: unguessable, new for every response. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The documented Next.js nonce CSP (app/guides/content-security-policy): scripts only with this
 * response's nonce ('strict-dynamic' lets Next's nonced bootstrap load its chunks), no framing,
 * no plugins, no <base> or form posts elsewhere. Inline style attributes stay allowed
 * (style-src-attr): React renders `style={{ width }}` for progress bars and logos, and a style
 * attribute cannot run script. Images may come from any https host (operator logos and the
 * supplier's hosted eSIM QR) and data: URLs (the QR code the app draws). The dev server also
 * needs 'unsafe-eval' (React's debugging) and its websocket.
 */
export function contentSecurityPolicy(nonce: string, options: CspOptions = {}): string {
  return policy(`'nonce-${nonce}' ${THEME_SCRIPT_HASH} 'strict-dynamic'`, `'nonce-${nonce}'`, options);
}

/**
 * For catalog pages served from the page cache: one rendering serves every visitor, so it
 * cannot carry a per-response nonce. This is the policy proxy.ts sets on them, and it allows
 * no inline script but the theme script: scripts/serve.mjs's front cache then adds the SHA-256
 * of each inline script of the page's document, computed once per rendering
 * (lib/http/inline-script-hashes.mjs, lib/http/front-cache.mjs). An answer whose hashes cannot
 * be computed (a document too large to hold, an RSC payload, which runs no inline script) keeps
 * this one: it fails closed. No 'strict-dynamic': the build's script files load under 'self'.
 * Their documents hold no inline <style> element, so styles come from this origin's files only.
 */
export function cachedPageContentSecurityPolicy(options: CspOptions = {}): string {
  return policy(THEME_SCRIPT_HASH, "", options);
}

type CspOptions = { dev?: boolean; https?: boolean };

/** Where Stripe's Checkout Sessions live (lib/payments/stripe/provider.ts redirects there). */
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

function policy(scriptSources: string, styleSources: string, options: CspOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptSources}${options.dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self'${styleSources ? ` ${styleSources}` : ""}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    // Forms post to this origin (server actions). A pay action answers a form posted before the
    // page hydrated with a redirect to Stripe's hosted checkout, which browsers check against
    // form-action too.
    `form-action 'self' ${STRIPE_CHECKOUT_ORIGIN}`,
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The non-CSP headers. HSTS only when the shop's public URL is https (APP_URL). */
export function staticSecurityHeaders(options: { https?: boolean } = {}): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self), usb=()"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    // No other site may embed this origin's answers (images, JSON) in its own pages.
    ["Cross-Origin-Resource-Policy", "same-origin"],
  ];
  if (options.https) headers.push(["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]);
  return headers;
}

export function isHttpsAppUrl(appUrl: string | undefined): boolean {
  return typeof appUrl === "string" && appUrl.toLowerCase().startsWith("https://");
}
