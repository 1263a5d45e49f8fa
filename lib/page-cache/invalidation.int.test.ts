// The page cache's watch against a real database (SQLite, or PostgreSQL with TEST_POSTGRES_URL):
// every write the catalog cache makes to a filled entry expires its product's pages; a key's
// first fill and reads do not (a page served, or rendered from a fresh entry, must not expire
// the pages).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCatalogCache } from "@/lib/catalog/cache";
import { catalogKey } from "@/lib/catalog/lifetimes";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { createCatalogWatch } from "./invalidation";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.cleanup();
});
beforeEach(async () => {
  await t.db.catalogCacheEntry.deleteMany();
});

describe("the page cache's watch", () => {
  it("a refresh, an expiry and a dropped entry expire their product's pages; first fills, reads and other products do not", async () => {
    // The cache's clock runs with the real one, moved ahead by `ahead`: a fill writes its fetch time
    // and the row's updatedAt (the real clock) together, however long the steps between take.
    let ahead = 0;
    const cache = createCatalogCache(t.db, { now: () => Date.now() + ahead, hitFlushMs: 10 });
    const brands = (country: string) => ({
      key: catalogKey("giftcard.brands", { country }),
      resource: "giftcard.brands" as const,
      fetch: async () => [{ name: `Brand of ${country}` }],
    });
    const watch = createCatalogWatch(t.db);
    await cache.read(brands("gb"));
    expect(await watch.check(), "the first check learns the state").toEqual([]);

    // First fills: a new country's brands, the unlocking brands. No page could show them before.
    await cache.read(brands("es"));
    await cache.read({
      key: catalogKey("unlock.brands"),
      resource: "unlock.brands",
      fetch: async () => [{ name: "Apple" }],
    });
    expect(await watch.check()).toEqual([]);

    // Reads of fresh entries (and their hit counts written) change nothing.
    ahead += 1_000;
    await cache.read(brands("gb"));
    await cache.flush();
    expect(await watch.check()).toEqual([]);

    // A refresh of one country's brands: the gift card pages, nothing else.
    ahead += 1_000;
    await cache.refreshNow(brands("es"));
    expect(await watch.check()).toEqual(["giftcards"]);
    expect(await watch.check(), "seen once").toEqual([]);

    // The supplier switched something off: the resource's entries expire now.
    ahead += 1_000;
    await cache.expire(["giftcard.brands"]);
    expect(await watch.check()).toEqual(["giftcards"]);

    // Staff drop the unlocking catalog; filling it again is a first fill.
    await cache.invalidateAll("unlock");
    expect(await watch.check()).toEqual(["unlock"]);
    ahead = 0;
    await cache.read({
      key: catalogKey("unlock.brands"),
      resource: "unlock.brands",
      fetch: async () => [{ name: "Apple" }],
    });
    expect(await watch.check()).toEqual([]);

    // A carrier lookup is per phone number: no cached page shows one.
    await cache.read({
      key: catalogKey("topup.carrier-lookup", { phone: "hash" }),
      resource: "topup.carrier-lookup",
      fetch: async () => ({ operator: 1 }),
    });
    await t.db.catalogCacheEntry.update({
      where: { key: catalogKey("topup.carrier-lookup", { phone: "hash" }) },
      data: { fetchedAt: new Date(Date.now() + 5_000) },
    });
    expect(await watch.check()).toEqual([]);
  });

  it("a copy made old (a test standing in for time) expires its pages, as a refresh does", async () => {
    const cache = createCatalogCache(t.db, { hitFlushMs: 10 });
    const destinations = {
      key: catalogKey("esim.destinations"),
      resource: "esim.destinations" as const,
      fetch: async () => [{ country_iso: "fr" }],
    };
    await cache.read(destinations);
    const watch = createCatalogWatch(t.db);
    await watch.check();
    await t.db.catalogCacheEntry.update({
      where: { key: destinations.key },
      data: { fetchedAt: new Date(Date.now() - 3 * 3600_000) },
    });
    expect(await watch.check()).toEqual(["esim"]);
  });

  it("a new key first seen already changed after its fill (between two looks) expires its pages", async () => {
    const watch = createCatalogWatch(t.db);
    await watch.check();
    const cache = createCatalogCache(t.db, { hitFlushMs: 10 });
    const plans = {
      key: catalogKey("esim.plans", { countryIso: "fr" }),
      resource: "esim.plans" as const,
      fetch: async () => [{ id: "fr-1gb" }],
    };
    await cache.read(plans);
    await t.db.catalogCacheEntry.update({
      where: { key: plans.key },
      data: { fetchedAt: new Date(Date.now() - 3 * 3600_000) },
    });
    expect(await watch.check()).toEqual(["esim"]);
  });

  it("a staff setting (a margin, a product switched off) expires every page", async () => {
    const watch = createCatalogWatch(t.db);
    await watch.check();
    await t.db.setting.upsert({
      where: { key: "page-cache-test" },
      create: { key: "page-cache-test", value: "1" },
      update: { value: "2" },
    });
    expect(await watch.check()).toEqual(["all"]);
  });
});
