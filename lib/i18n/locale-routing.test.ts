import { describe, expect, it } from "vitest";
import {
  localeRedirect,
  localizedPath,
  preferredLocale,
  splitLocale,
  supportedLocale,
  type LocaleRequest,
} from "./locale-routing.mjs";

function request(url: string, init: Partial<Omit<LocaleRequest, "pathname" | "searchParams">> = {}): LocaleRequest {
  const parsed = new URL(url, "http://shop.test");
  return {
    method: "GET",
    pathname: parsed.pathname,
    searchParams: parsed.searchParams,
    cookie: undefined,
    acceptLanguage: null,
    isDocument: true,
    ...init,
  };
}

describe("splitLocale and localizedPath", () => {
  it("reads the language prefix and leaves a country code after it alone", () => {
    expect(splitLocale("/es/topup/es")).toEqual({ locale: "es", path: "/topup/es", prefixed: true });
    expect(splitLocale("/es")).toEqual({ locale: "es", path: "/", prefixed: true });
    expect(splitLocale("/topup/es")).toEqual({ locale: "en", path: "/topup/es", prefixed: false });
    expect(splitLocale("/esim/eu")).toEqual({ locale: "en", path: "/esim/eu", prefixed: false });
    expect(splitLocale("/fr/topup")).toEqual({ locale: "en", path: "/fr/topup", prefixed: false });
    expect(splitLocale("/en/topup")).toEqual({ locale: "en", path: "/topup", prefixed: true });
  });

  it("writes English without a prefix and Spanish under /es", () => {
    expect(localizedPath("/topup", "es")).toBe("/es/topup");
    expect(localizedPath("/", "es")).toBe("/es");
    expect(localizedPath("/topup", "en")).toBe("/topup");
  });
});

describe("supportedLocale", () => {
  it("keeps a language the shop writes and falls back to English for anything else", () => {
    expect(supportedLocale("es")).toBe("es");
    expect(supportedLocale("en")).toBe("en");
    for (const other of ["fr", "ES", "", null, undefined, 3]) expect(supportedLocale(other)).toBe("en");
  });
});

describe("preferredLocale", () => {
  it("takes the supported language with the highest quality", () => {
    expect(preferredLocale("es-ES,es;q=0.9,en;q=0.8")).toBe("es");
    expect(preferredLocale("en-US,en;q=0.9,es;q=0.8")).toBe("en");
    expect(preferredLocale("fr-FR,fr;q=0.9,es;q=0.7,en;q=0.5")).toBe("es");
    expect(preferredLocale("de-DE")).toBeNull();
    expect(preferredLocale("")).toBeNull();
    expect(preferredLocale(null)).toBeNull();
    expect(preferredLocale("es;q=0")).toBeNull();
    expect(preferredLocale("es;q=nonsense,en")).toBe("en");
  });
});

describe("localeRedirect", () => {
  const spanishBrowser = "es-ES,es;q=0.9";

  it("sends a Spanish browser's first visit to the Spanish page, keeping the query", () => {
    expect(localeRedirect(request("/topup/es?phone=%2B34600000000", { acceptLanguage: spanishBrowser }))).toEqual({
      location: "/es/topup/es?phone=%2B34600000000",
      remember: null,
    });
    expect(localeRedirect(request("/", { acceptLanguage: spanishBrowser }))).toEqual({
      location: "/es",
      remember: null,
    });
  });

  it("serves an English or unknown browser the English page", () => {
    expect(localeRedirect(request("/topup", { acceptLanguage: "en-GB" }))).toBeNull();
    expect(localeRedirect(request("/topup", { acceptLanguage: "de-DE" }))).toBeNull();
    expect(localeRedirect(request("/topup"))).toBeNull();
  });

  it("lets the remembered language win over the browser's", () => {
    expect(localeRedirect(request("/topup", { acceptLanguage: spanishBrowser, cookie: "en" }))).toBeNull();
    expect(localeRedirect(request("/topup", { acceptLanguage: "en-US", cookie: "es" }))).toEqual({
      location: "/es/topup",
      remember: null,
    });
  });

  it("always serves an address with a prefix in its language (a shared link opens as sent)", () => {
    expect(localeRedirect(request("/es/topup", { cookie: "en", acceptLanguage: "en-US" }))).toBeNull();
  });

  it("answers the switcher's link with the same page in the chosen language, remembered", () => {
    expect(localeRedirect(request("/es/giftcards/gb?locale=en&q=steam", { cookie: "es" }))).toEqual({
      location: "/giftcards/gb?q=steam",
      remember: "en",
    });
    expect(localeRedirect(request("/giftcards/gb?locale=es"))).toEqual({
      location: "/es/giftcards/gb",
      remember: "es",
    });
    expect(localeRedirect(request("/giftcards/gb?locale=fr"))).toBeNull();
  });

  it("sends /en/… to the address without a prefix", () => {
    expect(localeRedirect(request("/en/esim/eu"))).toEqual({ location: "/esim/eu", remember: "en" });
    expect(localeRedirect(request("/en"))).toEqual({ location: "/", remember: "en" });
  });

  it("never redirects router requests, actions, posts, staff pages or routes", () => {
    expect(localeRedirect(request("/topup", { acceptLanguage: spanishBrowser, isDocument: false }))).toBeNull();
    expect(localeRedirect(request("/topup", { acceptLanguage: spanishBrowser, method: "POST" }))).toBeNull();
    expect(localeRedirect(request("/admin/orders", { acceptLanguage: spanishBrowser }))).toBeNull();
    expect(localeRedirect(request("/api/health", { acceptLanguage: spanishBrowser }))).toBeNull();
    expect(localeRedirect(request("/icon.svg", { acceptLanguage: spanishBrowser }))).toBeNull();
  });
});
