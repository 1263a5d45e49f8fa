import { describe, expect, it } from "vitest";
import { cachedTwinPath, isCachedTwinPath, type CachedPageRequest } from "./cached-pages";

function request(url: string, extra: Partial<CachedPageRequest> = {}): CachedPageRequest {
  const parsed = new URL(url, "http://shop.test");
  return {
    method: "GET",
    pathname: parsed.pathname,
    searchParams: parsed.searchParams,
    cookieNames: [],
    isAction: false,
    currency: "EUR",
    ...extra,
  };
}

describe("which requests the page cache answers", () => {
  it("catalog pages of an anonymous visitor without a query go to their twin", () => {
    for (const path of [
      "/topup",
      "/topup/es",
      "/topup/es/12-vodafone",
      "/esim",
      "/esim/eu",
      "/esim/eu/esim-eu-7d",
      "/giftcards",
      "/giftcards/es",
      "/giftcards/es/amazon",
      "/unlock",
      "/unlock/apple",
      "/unlock/apple/iphone-15",
      "/unlock/apple/iphone-15/us/att",
      "/unlock/apple/iphone-15/us/att/7",
      "/imei-check",
    ]) {
      expect(cachedTwinPath(request(path)), path).toBe(`/cached/eur${path}`);
    }
    expect(cachedTwinPath(request("/"))).toBe("/cached/eur");
    // Next's router adds _rsc to its requests: the same page.
    expect(cachedTwinPath(request("/esim/eu?_rsc=abc12"))).toBe("/cached/eur/esim/eu");
  });

  it("eSIM plan filters: one cached page per canonical combination; anything else in the query is per request", () => {
    expect(cachedTwinPath(request("/esim/eu?type=unlimited"))).toBe("/cached/eur/esim/eu/filtered/type%3Dunlimited");
    // The same filters in another order, or with values the page ignores, reach the same page.
    expect(cachedTwinPath(request("/esim/eu?sort=price-desc&days=7&type=limited&_rsc=x"))).toBe(
      cachedTwinPath(request("/esim/eu?type=limited&days=7&sort=price-desc")),
    );
    expect(cachedTwinPath(request("/esim/eu?type=nonsense&data=-1&sort=price-asc"))).toBe("/cached/eur/esim/eu");
    expect(cachedTwinPath(request("/esim/eu?type=unlimited&q=x"))).toBeNull();
    expect(cachedTwinPath(request("/esim?type=unlimited"))).toBeNull();
    expect(cachedTwinPath(request("/esim/eu/esim-eu-7d?type=unlimited"))).toBeNull();
  });

  it("anything per visitor is rendered per request: a query, a session, a post, an action, private pages", () => {
    expect(cachedTwinPath(request("/esim?q=fr"))).toBeNull();
    expect(cachedTwinPath(request("/topup?phone=%2B34600000000"))).toBeNull();
    expect(cachedTwinPath(request("/esim/eu", { cookieNames: ["submitter", "authjs.session-token"] }))).toBeNull();
    expect(cachedTwinPath(request("/esim/eu", { cookieNames: ["__Secure-authjs.session-token.0"] }))).toBeNull();
    expect(cachedTwinPath(request("/esim/eu", { method: "POST" }))).toBeNull();
    expect(cachedTwinPath(request("/esim/eu", { isAction: true }))).toBeNull();
    for (const path of [
      "/esim/lines/8900000000000000001",
      "/orders/AAAA",
      "/pay/pay_1",
      "/account",
      "/admin",
      "/admin/orders",
      "/api/health",
      "/topup/es/12/extra",
      "/unlock/apple/iphone/us",
      "/esim/eu%2F..",
      "/cached/eur/esim",
    ]) {
      expect(cachedTwinPath(request(path)), path).toBeNull();
    }
    // A signed-out visitor keeps the submitter cookie and still gets the cached page.
    expect(cachedTwinPath(request("/esim/eu", { cookieNames: ["submitter", "theme"] }))).toBe("/cached/eur/esim/eu");
  });

  it("each currency has its own cached pages", () => {
    expect(cachedTwinPath(request("/esim/eu", { currency: "USD" }))).toBe("/cached/usd/esim/eu");
    expect(cachedTwinPath(request("/", { currency: "USD" }))).toBe("/cached/usd");
    expect(cachedTwinPath(request("/esim/eu?type=unlimited", { currency: "USD" }))).toBe(
      "/cached/usd/esim/eu/filtered/type%3Dunlimited",
    );
  });

  it("the twins are not addressable from outside", () => {
    expect(isCachedTwinPath("/cached/eur/esim")).toBe(true);
    expect(isCachedTwinPath("/cached")).toBe(true);
    expect(isCachedTwinPath("/cachedx")).toBe(false);
  });
});
