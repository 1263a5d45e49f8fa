import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isHttpsAppUrl, newNonce, staticSecurityHeaders } from "./security-headers";

describe("security headers", () => {
  it("a fresh 128-bit nonce each time", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it("scripts only with the nonce (no 'unsafe-inline', no eval outside dev), no framing, no plugins", () => {
    const csp = contentSecurityPolicy("abc");
    const script = csp.split("; ").find((d) => d.startsWith("script-src "));
    expect(script).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy("abc", { dev: true })).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy("abc", { https: true })).toContain("upgrade-insecure-requests");
  });

  it("HSTS only when APP_URL is https", () => {
    expect(isHttpsAppUrl("https://shop.example")).toBe(true);
    expect(isHttpsAppUrl("http://localhost:3000")).toBe(false);
    expect(isHttpsAppUrl(undefined)).toBe(false);
    const names = (https: boolean) => staticSecurityHeaders({ https }).map(([n]) => n);
    expect(names(true)).toContain("Strict-Transport-Security");
    expect(names(false)).not.toContain("Strict-Transport-Security");
    expect(names(false)).toEqual(expect.arrayContaining(["X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy", "X-Frame-Options"]));
  });
});
