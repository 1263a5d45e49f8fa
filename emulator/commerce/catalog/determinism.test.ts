import { all } from "mcc-mnc-list";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalog } from "./build";
import { TOPUP_OPERATOR_BRANDS } from "./data/topup-operators";
import { startCatalogEmulator, type CatalogHarness } from "./testing";

// "Same seed, same catalog" (core/config.ts): the catalog is a pure function of the seed.

const CATALOG_PATHS = [
  "/topup/countries?limit=100",
  "/topup/operators?country=in",
  "/topup/products/search?country=br&limit=100",
  "/giftcards/brands?country=us",
  "/topup/operators/1000/rates",
  "/topup/carriers/lookup/+447400123456",
];

let a: CatalogHarness;
let b: CatalogHarness;
let other: CatalogHarness;
beforeAll(async () => {
  [a, b, other] = await Promise.all([
    startCatalogEmulator({ seed: 7 }),
    startCatalogEmulator({ seed: 7 }),
    startCatalogEmulator({ seed: 8 }),
  ]);
});
afterAll(() => Promise.all([a.close(), b.close(), other.close()]));

/** Answers without the per-request parts (request id, timestamp) and the per-server URL. */
async function snapshot(h: CatalogHarness, path: string) {
  const { body } = await h.v2(path);
  return JSON.stringify(body.data).replaceAll(h.emulator.url, "{base}");
}

describe("determinism", () => {
  it("same seed → same catalog: two emulators with seed 7 answer the same data, tokens included", async () => {
    for (const path of CATALOG_PATHS) expect(await snapshot(b, path), path).toBe(await snapshot(a, path));
    const plans = async (h: CatalogHarness) =>
      (await h.v2<Array<Record<string, unknown>>>("/esim/products?country_iso=eu")).body.data.map(
        ({ price_token: _, ...plan }) => plan,
      );
    expect(await plans(b)).toEqual(await plans(a));
  });

  it("a different seed → different prices", async () => {
    expect(await snapshot(other, "/topup/operators/1000/rates")).not.toBe(
      await snapshot(a, "/topup/operators/1000/rates"),
    );
    expect(JSON.stringify(buildCatalog(1).esimPlans)).not.toBe(JSON.stringify(buildCatalog(2).esimPlans));
  });

  it("buildCatalog is pure: the same seed gives deep-equal catalogs", () => {
    expect(buildCatalog(42)).toEqual(buildCatalog(42));
  });

  it("data sources: every curated operator is an operational mcc-mnc-list brand of its country; at least 40 countries", () => {
    const records = all();
    const countries = Object.keys(TOPUP_OPERATOR_BRANDS);
    expect(countries.length).toBeGreaterThanOrEqual(40);
    for (const [iso, picks] of Object.entries(TOPUP_OPERATOR_BRANDS)) {
      for (const pick of picks) {
        const brand = typeof pick === "string" ? pick : pick[0];
        const found = records.some(
          (r) =>
            r.countryCode === iso.toUpperCase() &&
            r.status === "Operational" &&
            r.brand?.toLowerCase() === brand.toLowerCase(),
        );
        expect(found, `${iso} ${brand}`).toBe(true);
      }
    }
  });
});
