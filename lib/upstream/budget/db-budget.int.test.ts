// The request budget against a real database (SQLite, or PostgreSQL with TEST_POSTGRES_URL)
// and the emulator over real HTTP. Clocks are injected: windows are picked from the test's
// clock and "waiting for the next window" moves that clock, so no test waits a real minute.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "@/emulator/app";
import { catalogKey } from "@/lib/catalog/lifetimes";
import { createCatalogCache } from "@/lib/catalog/cache";
import { emulatorControl, emulatorFetcher, totalUpstreamCalls } from "@/lib/catalog/cache-testing";
import { createDbClient, type DbClient } from "@/lib/db/create-client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { UpstreamError } from "../errors";
import type { Priority } from "../http";
import { createDbBudget, type DbBudgetOptions } from "./db-budget";

let t: TestDatabase;
let emu: RunningEmulator;
let other: DbClient;

beforeAll(async () => {
  [t, emu] = await Promise.all([createTestDatabase(), startEmulator(0, { controls: true })]);
  other = createDbClient(t.url);
});
afterAll(async () => {
  await other?.$disconnect();
  await emu?.close();
  await t?.cleanup();
});
beforeEach(async () => {
  await emulatorControl(emu.url, "/reset", {});
  await t.db.upstreamBudgetWindow.deleteMany();
  await t.db.catalogCacheEntry.deleteMany();
});

const MINUTE_START = Date.UTC(2026, 0, 1, 12, 0, 0);

/** A test clock; sleeping moves it instead of waiting, and every sleep is recorded. */
function testClock(start: number) {
  const clock = {
    now: start,
    sleeps: [] as number[],
    options: (): Pick<DbBudgetOptions, "now" | "sleep"> => ({
      now: () => clock.now,
      sleep: async (ms) => {
        clock.sleeps.push(ms);
        clock.now += ms;
      },
    }),
  };
  return clock;
}

/** A distinct upstream request per index (different country or page), sent with the budget. */
function send(budget: ReturnType<typeof createDbBudget>, i: number, priority: Priority) {
  return emulatorFetcher({
    baseUrl: emu.url,
    path: "/v2/topup/operators",
    query: { country: COUNTRIES[i % COUNTRIES.length]!, lang: `x${i}` },
    budget,
    priority,
    policy: { maxAttempts: 1 },
  })();
}
const COUNTRIES = ["gb", "fr", "de", "es", "it", "nl", "be", "pt", "ie", "pl"];

async function outcomes(runs: Promise<unknown>[]) {
  const settled = await Promise.allSettled(runs);
  const rejected = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as unknown] : []));
  return { sent: settled.length - rejected.length, rejected };
}

describe(`request budget on ${process.env.TEST_POSTGRES_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("lets at most 18 of 100 concurrent catalog reads through in a minute, and none of them waits", async () => {
    const clock = testClock(MINUTE_START + 10_000);
    const budget = createDbBudget(t.db, { perMinute: 30, ...clock.options() });
    const cache = createCatalogCache(t.db, { now: () => clock.now });
    const reads = Array.from({ length: 100 }, (_, i) =>
      cache.read({
        key: catalogKey("topup.operators", { country: COUNTRIES[i % 10]!, lang: `x${i}` }),
        resource: "topup.operators",
        fetch: emulatorFetcher({
          baseUrl: emu.url,
          path: "/v2/topup/operators",
          query: { country: COUNTRIES[i % 10]!, lang: `x${i}` },
          budget,
          policy: { maxAttempts: 1 },
        }),
      }),
    );
    const { sent, rejected } = await outcomes(reads);

    expect(await totalUpstreamCalls(emu.url)).toBeLessThanOrEqual(30);
    // Catalog refresh gets its 60% share (18); the rest is kept for previews, placement and status.
    // (On a loaded machine the emulator now and then resets one connection: that request still
    // took its unit, so count what the budget refused, not what succeeded.)
    const refused = rejected.filter((e) => e instanceof UpstreamError && e.code === "BUDGET_EXHAUSTED");
    expect(refused).toHaveLength(82);
    expect(sent).toBeGreaterThanOrEqual(17);
    expect(await totalUpstreamCalls(emu.url)).toBeLessThanOrEqual(18);
    expect(await budget.usage("commerce")).toMatchObject({ used: 18, catalogUsed: 18 });
    expect(refused.every((e) => e instanceof UpstreamError && e.retryable && e.retryAfterMs === 50_000)).toBe(true);
    expect(clock.sleeps).toEqual([]);

    // Status checks still get the other 12, and nobody gets a 31st request this minute.
    const status = await outcomes(Array.from({ length: 20 }, (_, i) => send(budget, 100 + i, "status")));
    expect(
      status.sent +
        status.rejected.filter((e) => !(e instanceof UpstreamError && e.code === "BUDGET_EXHAUSTED")).length,
    ).toBe(12);
    expect(await totalUpstreamCalls(emu.url)).toBeLessThanOrEqual(30);
    expect(await budget.usage("commerce")).toMatchObject({
      used: 30,
      catalogUsed: 18,
      cap: 30,
      catalogCap: 18,
      previewCap: 6,
    });
  });

  it("makes an order wait for the next window instead of failing, and caps catalog at its share", async () => {
    const clock = testClock(MINUTE_START + 55_000);
    const budget = createDbBudget(t.db, { perMinute: 30, ...clock.options() });
    const catalog = await outcomes(Array.from({ length: 40 }, () => budget.acquire("commerce", "catalog")));
    expect(catalog.sent).toBe(18);
    const orders = await outcomes(Array.from({ length: 12 }, () => budget.acquire("commerce", "order")));
    expect(orders.sent).toBe(12);
    expect(clock.sleeps).toEqual([]);

    // The window is spent: the next order waits about 5 s for the next window, then goes.
    await budget.acquire("commerce", "order");
    expect(clock.sleeps).toHaveLength(1);
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(5_000);
    expect(clock.sleeps[0]).toBeLessThan(5_000 + 1_000);
    expect(await budget.usage("commerce")).toMatchObject({
      windowStart: new Date(MINUTE_START + 60_000),
      used: 1,
      catalogUsed: 0,
    });
    const previous = await t.db.upstreamBudgetWindow.findUniqueOrThrow({
      where: { api_windowStart: { api: "commerce", windowStart: new Date(MINUTE_START) } },
    });
    expect(previous.used).toBe(30);
  });

  it("fails a status check that would wait longer than its limit, and a catalog request at once", async () => {
    const clock = testClock(MINUTE_START + 40_000);
    const budget = createDbBudget(t.db, { perMinute: 3, ...clock.options() });
    for (let i = 0; i < 3; i++) await budget.acquire("commerce", "status");
    // 20 s to the next window: more than the 5 s a status check may wait.
    const status = await budget.acquire("commerce", "status").catch((e: unknown) => e);
    expect(status).toMatchObject({ code: "BUDGET_EXHAUSTED", retryAfterMs: 20_000, retryable: true });
    const catalog = await budget.acquire("commerce", "catalog").catch((e: unknown) => e);
    expect(catalog).toMatchObject({ code: "BUDGET_EXHAUSTED", retryAfterMs: 20_000 });
    expect(clock.sleeps).toEqual([]);
    // Each upstream has its own budget.
    await expect(budget.acquire("unlock", "catalog")).resolves.toBeUndefined();
  });

  it("is shared by two instances on one database: together they never exceed the cap", async () => {
    const clock = testClock(MINUTE_START + 1_000);
    const noWait = { maxWaitMs: { order: 0, status: 0 }, ...clock.options() };
    const first = createDbBudget(t.db, { perMinute: 30, ...noWait });
    const second = createDbBudget(other, { perMinute: 30, ...noWait });
    const priorities: Priority[] = ["catalog", "order", "status", "catalog"];
    const runs = Array.from({ length: 120 }, (_, i) => send(i % 2 === 0 ? first : second, i, priorities[i % 4]!));
    const { sent, rejected } = await outcomes(runs);

    expect(await totalUpstreamCalls(emu.url)).toBeLessThanOrEqual(30);
    expect(sent).toBe(30);
    expect(rejected.every((e) => e instanceof UpstreamError && e.code === "BUDGET_EXHAUSTED")).toBe(true);
    const usage = await first.usage("commerce");
    expect(usage.used).toBe(30);
    expect(usage.catalogUsed).toBeLessThanOrEqual(18);
  });

  // 400 acquisitions, each a transaction: a loaded machine takes far longer than the default 30 s.
  it(
    "never exceeds the cap when two instances race for the first and the last units of a window",
    { timeout: 180_000 },
    async () => {
      const clock = testClock(MINUTE_START + 30_000);
      const options = { perMinute: 50, maxWaitMs: { order: 0, status: 0 }, ...clock.options() };
      const budgets = [createDbBudget(t.db, options), createDbBudget(other, options)];
      const { sent } = await outcomes(
        Array.from({ length: 400 }, (_, i) => budgets[i % 2]!.acquire("unlock", i % 3 === 0 ? "catalog" : "order")),
      );
      expect(sent).toBe(50);
      expect(await budgets[0]!.usage("unlock")).toMatchObject({ used: 50 });
    },
  );

  it("caps previews in their own class: refused at once with a 'try again in N seconds' message, and never in the orders' reserve", async () => {
    const clock = testClock(MINUTE_START + 45_000);
    const budget = createDbBudget(t.db, { perMinute: 50, ...clock.options() });
    expect(budget.caps("commerce")).toEqual({ cap: 50, catalogCap: 30, previewCap: 10 });
    // Two instances' worth of anonymous previews at once: 10 of 100 go.
    const previews = await outcomes(Array.from({ length: 100 }, () => budget.acquire("commerce", "preview")));
    expect(previews.sent).toBe(10);
    const refusal = previews.rejected[0];
    expect(refusal).toBeInstanceOf(UpstreamError);
    expect(refusal).toMatchObject({
      code: "BUDGET_EXHAUSTED",
      retryable: true,
      retryAfterMs: 15_000,
      userMessage: "We are handling a lot of price checks right now. Please try again in 15 seconds.",
    });
    // Catalog fills its own share; previews and catalog together leave orders 10 at once, without waiting.
    expect((await outcomes(Array.from({ length: 50 }, () => budget.acquire("commerce", "catalog")))).sent).toBe(30);
    expect((await outcomes(Array.from({ length: 10 }, () => budget.acquire("commerce", "order")))).sent).toBe(10);
    expect(clock.sleeps).toEqual([]);
    expect(await budget.usage("commerce")).toMatchObject({ used: 50, catalogUsed: 30, previewUsed: 10 });
  });

  it("gives a preview unit back when orders have spent the window, and shares the preview cap across instances", async () => {
    const clock = testClock(MINUTE_START + 5_000);
    const options = { perMinute: 20, maxWaitMs: { order: 0, status: 0 }, ...clock.options() };
    const [first, second] = [createDbBudget(t.db, options), createDbBudget(other, options)];
    // Orders take the whole window first: a preview is then refused and its class is not charged.
    expect((await outcomes(Array.from({ length: 20 }, () => first.acquire("commerce", "order")))).sent).toBe(20);
    await expect(second.acquire("commerce", "preview")).rejects.toMatchObject({ code: "BUDGET_EXHAUSTED" });
    expect(await first.usage("commerce")).toMatchObject({ used: 20, previewUsed: 0 });
    // Next window: both instances together get the preview cap (4 of 20), no more.
    clock.now += 60_000;
    const previews = await outcomes(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).acquire("commerce", "preview")),
    );
    expect(previews.sent).toBe(4);
    expect(await second.usage("commerce")).toMatchObject({ used: 4, previewUsed: 4, catalogUsed: 0 });
  });

  it("refuses class shares that would leave orders nothing", () => {
    expect(() => createDbBudget(t.db, { perMinute: 10, catalogShare: 0.8, previewShare: 0.3 })).toThrow(/at most 1/);
  });

  it("deletes old windows when a new one opens", async () => {
    const clock = testClock(MINUTE_START);
    const budget = createDbBudget(t.db, { perMinute: 10, retainMs: 60 * 60_000, ...clock.options() });
    await budget.acquire("commerce", "catalog");
    clock.now += 2 * 60 * 60_000;
    await budget.acquire("commerce", "catalog");
    await expect.poll(() => t.db.upstreamBudgetWindow.count(), { timeout: 20_000 }).toBe(1);
  });
});
