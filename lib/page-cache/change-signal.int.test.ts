// The page cache's change signal against a real database (SQLite, or PostgreSQL with
// TEST_POSTGRES_URL): a write to the catalog cache or the settings, committed by another
// connection, is signalled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { watchCatalogWrites, type ChangeSignal } from "./change-signal";

let t: TestDatabase;
let signal: ChangeSignal | undefined;
let signals = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  signal = watchCatalogWrites(t.url, () => signals++);
  await signal.ready;
});
afterAll(async () => {
  signal?.stop();
  await t?.cleanup();
});

/** Runs `act`, then waits until the signals counted since it are more than zero (or the deadline passes). */
async function signalsDuring(act: () => Promise<unknown>): Promise<number> {
  const before = signals;
  await act();
  await expect.poll(() => signals - before, { timeout: 20_000 }).toBeGreaterThan(0);
  return signals - before;
}

describe("the page cache's change signal", () => {
  it("signals a setting written by another connection", async () => {
    expect(
      await signalsDuring(() =>
        t.db.setting.upsert({
          where: { key: "test.signal" },
          create: { key: "test.signal", value: "1" },
          update: { value: "2" },
        }),
      ),
    ).toBeGreaterThan(0);
  });

  it("signals a catalog entry written, changed and dropped", async () => {
    const entry = {
      key: "test:signal",
      upstream: "commerce",
      resource: "giftcard.brands",
      value: "[]",
      fetchedAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
    };
    await signalsDuring(() => t.db.catalogCacheEntry.create({ data: entry }));
    await signalsDuring(() =>
      t.db.catalogCacheEntry.update({ where: { key: entry.key }, data: { expiresAt: new Date() } }),
    );
    await signalsDuring(() => t.db.catalogCacheEntry.delete({ where: { key: entry.key } }));
  });
});
