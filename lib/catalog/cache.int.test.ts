// The catalog cache against a real database (SQLite, or PostgreSQL with TEST_POSTGRES_URL)
// and the emulator over real HTTP: how many upstream calls reach the emulator (its counters)
// is what the shop's supplier would see.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "@/emulator/app";
import { createDbClient, type DbClient } from "@/lib/db/create-client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { createDbBudget } from "@/lib/upstream/budget";
import { UpstreamError } from "@/lib/upstream/errors";
import type { RequestBudget } from "@/lib/upstream/http";
import { createCatalogCache, type CatalogCache } from "./cache";
import { emulatorControl, emulatorCounters, emulatorFetcher } from "./cache-testing";
import { CATALOG_RESOURCES, catalogKey } from "./lifetimes";

const OPERATORS = "GET /v2/topup/operators";
const COUNTRIES = [
  "gb",
  "fr",
  "de",
  "es",
  "it",
  "nl",
  "be",
  "pt",
  "ie",
  "pl",
  "se",
  "no",
  "dk",
  "fi",
  "at",
  "ch",
  "us",
  "ca",
  "mx",
  "br",
];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestDatabase;
let emu: RunningEmulator;
const extraClients: DbClient[] = [];

beforeAll(async () => {
  [t, emu] = await Promise.all([createTestDatabase(), startEmulator(0, { controls: true })]);
});
afterAll(async () => {
  await Promise.all(extraClients.map((client) => client.$disconnect()));
  await emu?.close();
  await t?.cleanup();
});
beforeEach(async () => {
  await emulatorControl(emu.url, "/reset", {});
  await t.db.catalogCacheEntry.deleteMany();
  await t.db.upstreamBudgetWindow.deleteMany();
});

/** A second database client on the same database: another app instance. */
function anotherInstance(): DbClient {
  const client = createDbClient(t.url);
  extraClients.push(client);
  return client;
}

function operators(country: string, budget?: RequestBudget) {
  return {
    key: catalogKey("topup.operators", { country }),
    resource: "topup.operators" as const,
    // One attempt: a fault must show as a failure, not be retried away.
    fetch: emulatorFetcher<Record<string, { operator_name?: string }> | []>({
      baseUrl: emu.url,
      path: "/v2/topup/operators",
      query: { country },
      budget,
      policy: { maxAttempts: 1 },
    }),
  };
}

function rates(operatorId: number) {
  return {
    key: catalogKey("topup.rates", { operator: operatorId }),
    resource: "topup.rates" as const,
    fetch: emulatorFetcher<{ rates: { token: string }[] }>({
      baseUrl: emu.url,
      path: `/v2/topup/operators/${operatorId}/rates`,
      policy: { maxAttempts: 1 },
    }),
  };
}

const calls = async (route = OPERATORS) => (await emulatorCounters(emu.url))[route] ?? 0;
const fault = (body: Record<string, unknown>) =>
  emulatorControl(emu.url, "/faults", { method: "GET", kind: "status", status: 503, ...body });

function manualClock(start = Date.now()) {
  const clock = { now: start, advance: (ms: number) => void (clock.now += ms) };
  return clock;
}

describe(`catalog cache on ${process.env.TEST_POSTGRES_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("answers a burst of 2,000 concurrent reads over 20 keys with at most one upstream call per key", async () => {
    // Readers in one instance share its one fetch per key in memory: none of them needs to
    // poll the database for it (a poll here would outlast the test's timeout).
    const cache = createCatalogCache(t.db, { pollMs: 60_000 });
    const reads = Array.from({ length: 2_000 }, (_, i) => cache.read(operators(COUNTRIES[i % 20]!)));
    const results = await Promise.all(reads);

    expect(await calls()).toBe(20);
    // Every reader of a key got the same data, and it is the emulator's, not a placeholder.
    expect(results.every((r) => !r.stale)).toBe(true);
    expect(
      Object.values(results[0]!.value as Record<string, { operator_name?: string }>)[0]?.operator_name,
    ).toBeTruthy();
    expect(results.at(20)!.value).toEqual(results[0]!.value);
    await cache.flush();
  });

  it("shares the load between two instances on one database: still one upstream call per key", async () => {
    const first = createCatalogCache(t.db);
    const second = createCatalogCache(anotherInstance());
    const reads = Array.from({ length: 2_000 }, (_, i) =>
      (i % 2 === 0 ? first : second).read(operators(COUNTRIES[Math.floor(i / 2) % 20]!)),
    );
    const results = await Promise.all(reads);

    expect(await calls()).toBeLessThanOrEqual(20);
    expect(await calls()).toBe(20);
    expect(results.every((r) => r.value !== null && !r.stale)).toBe(true);
    const entries = await first.listEntries();
    expect(entries).toHaveLength(20);
    expect(entries.every((e) => e.fetchedAt !== null && !e.refreshing && e.lastError === null)).toBe(true);
    await second.flush();
  });

  it("counts hits on cached reads, written in one batch", async () => {
    const cache = createCatalogCache(t.db, { hitFlushMs: 60_000 });
    await cache.read(operators("gb"));
    for (let i = 0; i < 5; i++) await cache.read(operators("gb"));
    expect(
      (await t.db.catalogCacheEntry.findUniqueOrThrow({ where: { key: "topup.operators?country=gb" } })).hits,
    ).toBe(0);
    const [entry] = await cache.listEntries();
    expect(entry).toMatchObject({
      key: "topup.operators?country=gb",
      resource: "topup.operators",
      upstream: "commerce",
      hits: 5,
      stale: false,
    });
  });

  it("after the lifetime, serves the stale value at once and refreshes it exactly once in the background", async () => {
    const clock = manualClock();
    const cache = createCatalogCache(t.db, { now: () => clock.now });
    const first = await cache.read(operators("gb"));
    expect(first).toMatchObject({ stale: false, ageMs: 0 });

    clock.advance(CATALOG_RESOURCES["topup.operators"].lifetimeMs + 1);
    // The refresh is slow; the reader must not wait for it.
    await emulatorControl(emu.url, "/faults", {
      method: "GET",
      path: "/v2/topup/operators",
      kind: "latency",
      latencyMs: 1_500,
      times: 1,
    });
    const started = performance.now();
    const stale = await cache.read(operators("gb"));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(stale).toMatchObject({ stale: true, refreshing: true, ageMs: DAY + 1 });
    expect(stale.value).toEqual(first.value);
    expect(stale.fetchedAt).toEqual(first.fetchedAt);

    // More readers during the refresh: served stale too, and no second refresh.
    const during = await Promise.all(Array.from({ length: 50 }, () => cache.read(operators("gb"))));
    expect(during.every((r) => r.stale)).toBe(true);
    await cache.idle();
    expect(await calls()).toBe(2);

    const fresh = await cache.read(operators("gb"));
    expect(fresh).toMatchObject({ stale: false, ageMs: 0 });
    expect(fresh.fetchedAt.getTime()).toBe(clock.now);
    expect(await calls()).toBe(2);
  });

  it("waits for the refresh when a priced entry is too old to show (its price tokens may have expired)", async () => {
    const clock = manualClock();
    const cache = createCatalogCache(t.db, { now: () => clock.now });
    await cache.read(rates(1000));
    clock.advance(25 * MINUTE); // past the 10-minute lifetime and the 20-minute serve-stale window
    const read = await cache.read(rates(1000));
    expect(read).toMatchObject({ stale: false, ageMs: 0 });
    expect(await calls("GET /v2/topup/operators/1000/rates")).toBe(2);
  });

  it("serves the stale value with its age when the refresh fails, and records the error", async () => {
    const clock = manualClock();
    const cache = createCatalogCache(t.db, { now: () => clock.now });
    const original = await cache.read(operators("fr"));
    clock.advance(2 * DAY);
    await fault({ path: "/v2/topup/operators" });

    const read = await cache.read(operators("fr"));
    expect(read).toMatchObject({ stale: true, ageMs: 2 * DAY });
    expect(read.value).toEqual(original.value);
    await cache.idle();
    const [entry] = await cache.listEntries();
    expect(entry).toMatchObject({ key: "topup.operators?country=fr", stale: true, refreshing: false, ageMs: 2 * DAY });
    expect(entry?.lastError).toMatch(/^INTERNAL_ERROR: /);
    expect(entry?.lastErrorAt?.getTime()).toBe(clock.now);

    // Later reads keep serving the old value, say why, and do not hammer the failing upstream.
    const again = await cache.read(operators("fr"));
    expect(again).toMatchObject({ stale: true, ageMs: 2 * DAY, lastError: entry?.lastError });
    expect(again.refreshing).toBeUndefined();
    await cache.idle();
    expect(await calls()).toBe(2);
  });

  it("serves the stale value when a read that had to wait for the refresh sees it fail", async () => {
    const clock = manualClock();
    const cache = createCatalogCache(t.db, { now: () => clock.now });
    const original = await cache.read(rates(1000));
    clock.advance(25 * MINUTE);
    await fault({ path: "/v2/topup/operators/*/rates" });
    const read = await cache.read(rates(1000));
    expect(read).toMatchObject({ stale: true, ageMs: 25 * MINUTE });
    expect(read.value).toEqual(original.value);
    expect(read.lastError).toMatch(/^INTERNAL_ERROR: /);
  });

  it("throws the upstream error when there is no value to fall back on", async () => {
    const cache = createCatalogCache(t.db);
    await fault({ path: "/v2/topup/operators" });
    const error = await cache.read(operators("de")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ status: 503, code: "INTERNAL_ERROR", retryable: true });
    const [entry] = await cache.listEntries();
    expect(entry).toMatchObject({ key: "topup.operators?country=de", fetchedAt: null, ageMs: null, refreshing: false });
    expect(entry?.lastError).toMatch(/^INTERNAL_ERROR: /);
  });

  it("passes Next.js's dynamic-usage signal on, recording no failure and holding no lease, so the next read fetches at once", async () => {
    // While `next build` prerenders a route, Next's fetch throws this; the build shares the app's
    // database, and a lease left behind made the app's first page views wait it out.
    const cache = createCatalogCache(t.db, { pollMs: 20 });
    const signal = Object.assign(new Error("Dynamic server usage: Route / couldn't be rendered statically"), {
      digest: "DYNAMIC_SERVER_USAGE",
    });
    const error = await cache
      .read({ ...operators("de"), fetch: () => Promise.reject(signal) })
      .catch((e: unknown) => e);
    expect(error).toBe(signal);
    const [entry] = await cache.listEntries();
    expect(entry).toMatchObject({ key: "topup.operators?country=de", refreshing: false, lastError: null });
    const started = Date.now();
    const read = await cache.read(operators("de"));
    expect(read.value).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await calls()).toBe(1);
  });

  it("makes a second instance with nothing cached wait for the first one's fetch and share its failure", async () => {
    const first = createCatalogCache(t.db);
    const second = createCatalogCache(anotherInstance(), { pollMs: 20 });
    // The first instance's fetch hangs until its 400 ms timeout.
    await emulatorControl(emu.url, "/faults", {
      method: "GET",
      path: "/v2/topup/operators",
      kind: "timeout",
      times: 1,
    });
    const slow = {
      ...operators("it"),
      fetch: emulatorFetcher({
        baseUrl: emu.url,
        path: "/v2/topup/operators",
        query: { country: "it" },
        timeoutMs: 400,
        policy: { maxAttempts: 1 },
      }),
    };
    const firstRead = first.read(slow).catch((e: unknown) => e);
    // Once the first instance holds the lease on the (still empty) entry, the second one reads.
    await expect
      .poll(
        async () => (await t.db.catalogCacheEntry.findUnique({ where: { key: slow.key } }))?.refreshingUntil ?? null,
        { interval: 10 },
      )
      .not.toBeNull();
    const secondRead = await second.read(operators("it")).catch((e: unknown) => e);

    expect(await firstRead).toMatchObject({ kind: "timeout", code: "TIMEOUT" });
    expect(secondRead).toBeInstanceOf(UpstreamError);
    // The error the first instance recorded, not a wait of its own that ran out.
    expect(secondRead).toMatchObject({
      code: "TIMEOUT",
      retryable: true,
      message: expect.stringMatching(/^catalog refresh of topup.operators\?country=it failed at .*: TIMEOUT: /),
    });
    expect(await calls()).toBe(1);
  });

  it("serves the stale copy when the request budget is spent (BUDGET_EXHAUSTED)", async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1, 12, 0, 10));
    const budget = createDbBudget(t.db, { perMinute: 5, now: () => clock.now });
    const cache = createCatalogCache(t.db, { now: () => clock.now });
    const original = await cache.read(operators("gb", budget));
    clock.advance(DAY + 1);
    // Another shop page spends this minute's catalog share (3 of 5) first.
    for (let i = 0; i < 3; i++) await budget.acquire("commerce", "catalog");

    const read = await cache.read(operators("gb", budget));
    await cache.idle();
    expect(read).toMatchObject({ stale: true, value: original.value });
    expect(await calls()).toBe(1);
    const [entry] = await cache.listEntries();
    expect(entry?.lastError).toMatch(/^BUDGET_EXHAUSTED: /);
  });

  it("refreshes on demand and forgets invalidated entries", async () => {
    const clock = manualClock();
    const cache = createCatalogCache(t.db, { now: () => clock.now });
    await cache.read(operators("gb"));
    clock.advance(MINUTE);
    const refreshed = await cache.refreshNow(operators("gb"));
    expect(refreshed).toMatchObject({ stale: false, ageMs: 0 });
    expect(await calls()).toBe(2);

    await cache.invalidate(operators("gb").key);
    expect(await cache.listEntries()).toEqual([]);
    await cache.read(operators("gb"));
    expect(await calls()).toBe(3);
  });

  it("expires the entries of a resource on demand: the next read refreshes, other resources stay fresh", async () => {
    const clock = manualClock();
    const cache = createCatalogCache(t.db, { now: () => clock.now });
    const before = await cache.read(operators("gb"));
    await cache.read(rates(1470));
    expect(await calls()).toBe(1);
    clock.advance(MINUTE);

    expect(await cache.expire(["topup.operators"])).toBe(1);
    const stale = await cache.read(operators("gb"));
    expect(stale).toMatchObject({ stale: true, ageMs: MINUTE });
    expect(stale.value).toEqual(before.value);
    await cache.idle();
    expect(await calls()).toBe(2);
    expect(await cache.read(operators("gb"))).toMatchObject({ stale: false, ageMs: 0 });
    expect(await cache.read(rates(1470))).toMatchObject({ stale: false, ageMs: MINUTE });
  });

  it("takes only catalog resources from the manifest", () => {
    const cache: CatalogCache = createCatalogCache(t.db);
    // @ts-expect-error previews are never cached: not a resource of lib/catalog/lifetimes.ts
    const notCatalog = () => cache.read({ key: "preview", resource: "orders.preview", fetch: async () => 1 });
    expect(typeof notCatalog).toBe("function");
  });
});
