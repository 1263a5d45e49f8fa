import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { THEME_SCRIPT, THEME_SCRIPT_HASH } from "./theme-script";
import {
  cachedPageContentSecurityPolicy,
  contentSecurityPolicy,
  isHttpsAppUrl,
  newNonce,
  staticSecurityHeaders,
} from "./security-headers";

describe("security headers", () => {
  it("a fresh 128-bit nonce each time", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it("scripts only with the nonce (no 'unsafe-inline', no eval outside dev), no framing, no plugins", () => {
    const csp = contentSecurityPolicy("abc");
    const script = csp.split("; ").find((d) => d.startsWith("script-src "));
    expect(script).toBe(`script-src 'self' 'nonce-abc' ${THEME_SCRIPT_HASH} 'strict-dynamic'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy("abc", { dev: true })).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy("abc", { https: true })).toContain("upgrade-insecure-requests");
  });

  it("the theme script is allowed by the SHA-256 of exactly its text", () => {
    expect(THEME_SCRIPT_HASH).toBe(`'sha256-${createHash("sha256").update(THEME_SCRIPT, "utf8").digest("base64")}'`);
  });

  it("cached catalog pages: no inline script but the theme script until the front cache adds the page's hashes; no other hosts, eval, framing or plugins", () => {
    const csp = cachedPageContentSecurityPolicy();
    const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));
    expect(directive("script-src")).toBe(`script-src 'self' ${THEME_SCRIPT_HASH}`);
    expect(directive("style-src")).toBe("style-src 'self'");
    expect(csp).not.toContain("nonce-");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("strict-dynamic");
    for (const rule of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "default-src 'self'"])
      expect(csp).toContain(rule);
  });

  it("forms post only to this origin (and Stripe's checkout, where a pay action redirects), on every policy", () => {
    for (const csp of [
      contentSecurityPolicy("abc"),
      cachedPageContentSecurityPolicy(),
      contentSecurityPolicy("abc", { dev: true, https: true }),
    ]) {
      expect(csp.split("; ")).toContain("form-action 'self' https://checkout.stripe.com");
    }
  });

  it("HSTS only when APP_URL is https", () => {
    expect(isHttpsAppUrl("https://shop.example")).toBe(true);
    expect(isHttpsAppUrl("http://localhost:3000")).toBe(false);
    expect(isHttpsAppUrl(undefined)).toBe(false);
    const names = (https: boolean) => staticSecurityHeaders({ https }).map(([n]) => n);
    expect(names(true)).toContain("Strict-Transport-Security");
    expect(names(false)).not.toContain("Strict-Transport-Security");
    expect(names(false)).toEqual(
      expect.arrayContaining(["X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy", "X-Frame-Options"]),
    );
    expect(staticSecurityHeaders()).toContainEqual(["Cross-Origin-Resource-Policy", "same-origin"]);
  });
});
