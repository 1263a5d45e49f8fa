// The page cache's watch against a real database (SQLite, or PostgreSQL with TEST_POSTGRES_URL):
// every write the catalog cache makes moves its product's fingerprint, and reads do not (a page
// served, or rendered from a fresh entry, must not expire the pages).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCatalogCache } from "@/lib/catalog/cache";
import { catalogKey } from "@/lib/catalog/lifetimes";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { changedScopes, readFingerprints } from "./invalidation";

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

describe("page cache fingerprints", () => {
  it("a refresh, an expiry and a dropped entry change their product's fingerprint; reads and other products do not", async () => {
    let clock = Date.parse("2026-11-26T10:00:00Z");
    const cache = createCatalogCache(t.db, { now: () => clock, hitFlushMs: 10 });
    const brands = (country: string) => ({ key: catalogKey("giftcard.brands", { country }), resource: "giftcard.brands" as const, fetch: async () => [{ name: `Brand of ${country}` }] });
    await cache.read(brands("gb"));
    await cache.read(brands("es"));
    await cache.read({ key: catalogKey("unlock.brands"), resource: "unlock.brands", fetch: async () => [{ name: "Apple" }] });
    let before = await readFingerprints(t.db);

    // Reads of fresh entries (and their hit counts written) change nothing.
    clock += 1_000;
    await cache.read(brands("gb"));
    await cache.flush();
    expect(changedScopes(before, await readFingerprints(t.db))).toEqual([]);

    // A refresh of one country's brands: the gift card pages, nothing else.
    clock += 1_000;
    await cache.refreshNow(brands("es"));
    let after = await readFingerprints(t.db);
    expect(changedScopes(before, after)).toEqual(["giftcards"]);
    before = after;

    // The supplier switched something off: the resource's entries expire now.
    clock += 1_000;
    await cache.expire(["giftcard.brands"]);
    after = await readFingerprints(t.db);
    expect(changedScopes(before, after)).toEqual(["giftcards"]);
    before = after;

    // Staff drop the unlocking catalog.
    await cache.invalidateAll("unlock");
    after = await readFingerprints(t.db);
    expect(changedScopes(before, after)).toEqual(["unlock"]);
    before = after;

    // A carrier lookup is per phone number: no cached page shows one.
    await cache.read({ key: catalogKey("topup.carrier-lookup", { phone: "hash" }), resource: "topup.carrier-lookup", fetch: async () => ({ operator: 1 }) });
    expect(changedScopes(before, await readFingerprints(t.db))).toEqual([]);
  });

  it("a staff setting (a margin, a product switched off) changes every page's fingerprint", async () => {
    const before = await readFingerprints(t.db);
    await t.db.setting.upsert({ where: { key: "page-cache-test" }, create: { key: "page-cache-test", value: "1" }, update: { value: "2" } });
    expect(changedScopes(before, await readFingerprints(t.db))).toEqual(["all"]);
  });
});
