// The headers every answer carries (security finding 5 of issue [11]). proxy.ts sets them per
// request: a fresh CSP nonce on pages rendered per request, the cached-page CSP on catalog pages
// served from the page cache (lib/http/cached-pages.ts); next.config.mjs sets the static ones on
// /_next/static files, which the proxy does not see.
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
 * For catalog pages served from the page cache ([13]): one rendering serves every visitor, so it
 * cannot carry a per-response nonce, and Next's inline bootstrap scripts differ per page, so they
 * cannot be listed by hash. Inline scripts are allowed from this origin's own HTML (Next.js's
 * documented CSP without nonces); scripts from other hosts, eval, framing, plugins and <base>
 * stay refused. These pages hold no secret and no per-visitor data: order,
 * payment, account and staff pages keep the nonce policy (docs/security.md, "Headers").
 */
export function cachedPageContentSecurityPolicy(options: CspOptions = {}): string {
  return policy("'unsafe-inline'", "'unsafe-inline'", options);
}

type CspOptions = { dev?: boolean; https?: boolean };

function policy(scriptSources: string, styleSources: string, options: CspOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptSources}${options.dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${styleSources}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
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
  ];
  if (options.https) headers.push(["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]);
  return headers;
}

export function isHttpsAppUrl(appUrl: string | undefined): boolean {
  return typeof appUrl === "string" && appUrl.toLowerCase().startsWith("https://");
}
