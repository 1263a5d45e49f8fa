import { describe, expect, it } from "vitest";
import { CATALOG_RESOURCES, catalogKey, type CatalogResource } from "./lifetimes";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const entries = Object.entries(CATALOG_RESOURCES) as [CatalogResource, (typeof CATALOG_RESOURCES)[CatalogResource]][];

describe("catalog lifetimes", () => {
  it("refreshes every unlocking catalog daily, as the unlocking spec recommends", () => {
    const unlock = entries.filter(([, policy]) => policy.upstream === "unlock");
    expect(unlock.map(([name]) => name).sort()).toEqual([
      "unlock.brands",
      "unlock.countries",
      "unlock.devices",
      "unlock.networks",
      "unlock.tools",
    ]);
    expect(unlock.every(([, policy]) => policy.lifetimeMs === DAY)).toBe(true);
  });

  it("keeps countries, operators, service types, destinations and brands for a day", () => {
    for (const name of [
      "topup.countries",
      "topup.operators",
      "topup.service-types",
      "esim.destinations",
      "giftcard.countries",
      "giftcard.brands",
    ] as const) {
      expect(CATALOG_RESOURCES[name].lifetimeMs, name).toBe(DAY);
    }
  });

  it("keeps price-token data for 10 minutes and never shows a copy near the 30-minute eSIM token expiry", () => {
    for (const name of ["topup.rates", "topup.products", "esim.plans", "giftcard.products"] as const) {
      expect(CATALOG_RESOURCES[name].lifetimeMs, name).toBe(10 * MINUTE);
      expect(CATALOG_RESOURCES[name].serveStaleForMs, name).toBeLessThan(30 * MINUTE);
    }
  });

  it("keeps one number's carrier lookup for about a day", () => {
    expect(CATALOG_RESOURCES["topup.carrier-lookup"].lifetimeMs).toBe(DAY);
  });

  it("has no resource for what must never be cached", () => {
    const names = entries.map(([name]) => name).join(" ");
    expect(names).not.toMatch(/preview|order|balance|line|imei/i);
    expect(entries.every(([, policy]) => policy.serveStaleForMs >= policy.lifetimeMs && policy.why.length > 20)).toBe(
      true,
    );
  });
});

describe("catalogKey", () => {
  it("gives the same key whatever the parameter order, and leaves out unset parameters", () => {
    expect(catalogKey("topup.operators", { country: "gb", lang: "en" })).toBe("topup.operators?country=gb&lang=en");
    expect(catalogKey("topup.operators", { lang: "en", country: "gb", q: undefined })).toBe(
      "topup.operators?country=gb&lang=en",
    );
    expect(catalogKey("unlock.countries")).toBe("unlock.countries");
    expect(catalogKey("esim.plans", { country_iso: "a&b=c" })).toBe("esim.plans?country_iso=a%26b%3Dc");
  });
});
