import { describe, expect, it } from "vitest";
import {
  isSubmitterSecret,
  newSubmitterSecret,
  submitterCookie,
  submitterCookieName,
  submitterSetCookie,
} from "./submitter-cookie.mjs";

// The submitter cookie's name and attributes per mode: over https (APP_URL https) the
// `__Host-` prefix, which browsers accept only with Secure, Path=/ and no Domain; over http the
// plain name (browsers refuse a `__Host-` cookie without Secure).

/** The attributes of a Set-Cookie header value, as a browser reads them (names lower-cased). */
function parseSetCookie(header: string) {
  const [pair, ...attributes] = header.split(";").map((part) => part.trim());
  const [name, ...value] = pair!.split("=");
  const attrs = new Map(
    attributes.map((a) => [a.split("=")[0]!.toLowerCase(), a.includes("=") ? a.slice(a.indexOf("=") + 1) : ""]),
  );
  return { name: name!, value: value.join("="), attrs };
}

/** RFC 6265bis "__Host-" rules: Secure, Path=/, no Domain. */
function meetsHostPrefixRules(attrs: Map<string, string>) {
  return attrs.has("secure") && attrs.get("path") === "/" && !attrs.has("domain");
}

describe("submitter cookie over https", () => {
  const appUrl = "https://shop.example";

  it("is named __Host-submitter, and is Secure, host-only with Path=/", () => {
    const secret = newSubmitterSecret();
    expect(submitterCookieName(appUrl)).toBe("__Host-submitter");
    // Even when the request itself did not look like https (a proxy that does not say so).
    for (const secure of [true, false]) {
      expect(submitterCookie(secret, secure, appUrl)).toEqual({
        name: "__Host-submitter",
        value: secret,
        httpOnly: true,
        sameSite: "lax",
        secure: true,
        path: "/",
        maxAge: 2_592_000,
      });
      const header = parseSetCookie(submitterSetCookie(secret, secure, appUrl));
      expect(header.name).toBe("__Host-submitter");
      expect(header.value).toBe(secret);
      expect(meetsHostPrefixRules(header.attrs)).toBe(true);
      expect(header.attrs.has("httponly")).toBe(true);
      expect(header.attrs.get("samesite")?.toLowerCase()).toBe("lax");
      expect(isSubmitterSecret(header.value)).toBe(true);
    }
  });

  it("reads the scheme case-insensitively and from APP_URL by default", () => {
    expect(submitterCookieName("HTTPS://shop.example/")).toBe("__Host-submitter");
    const before = process.env.APP_URL;
    try {
      process.env.APP_URL = appUrl;
      expect(submitterCookieName()).toBe("__Host-submitter");
      expect(parseSetCookie(submitterSetCookie(newSubmitterSecret(), false)).name).toBe("__Host-submitter");
      process.env.APP_URL = "http://localhost:3000";
      expect(submitterCookieName()).toBe("submitter");
    } finally {
      if (before === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = before;
    }
  });
});

describe("submitter cookie over http", () => {
  const appUrl = "http://localhost:3000";

  it("keeps the plain name without Secure (a browser would refuse __Host- there)", () => {
    const secret = newSubmitterSecret();
    expect(submitterCookieName(appUrl)).toBe("submitter");
    expect(submitterCookieName(undefined)).toBe("submitter");
    expect(submitterCookie(secret, false, appUrl)).toMatchObject({ name: "submitter", secure: false, path: "/" });
    const header = parseSetCookie(submitterSetCookie(secret, false, appUrl));
    expect(header.name).toBe("submitter");
    expect(header.attrs.has("secure")).toBe(false);
    expect(header.attrs.get("path")).toBe("/");
    expect(header.attrs.has("domain")).toBe(false);
  });

  it("is Secure (still the plain name) when one request came over https in front of an http APP_URL", () => {
    const secret = newSubmitterSecret();
    expect(submitterCookie(secret, true, appUrl)).toMatchObject({ name: "submitter", secure: true });
    expect(parseSetCookie(submitterSetCookie(secret, true, appUrl)).attrs.has("secure")).toBe(true);
  });
});
