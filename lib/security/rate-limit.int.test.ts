import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { consume, reset, spent, type LimitRule } from "./rate-limit";

// The limiter's store is the shop's own database (SQLite here, PostgreSQL in the CI pass), so
// two app instances on one database share counters: modelled as two Prisma clients.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

const rule: LimitRule = { name: "test:shared", points: 5, durationSeconds: 60 };

describe("rate limits in the database", () => {
  it("refuses the sixth point in a window and says how long to wait", async () => {
    for (let i = 0; i < 5; i++) expect((await consume(t.db, rule, "visitor-a")).allowed).toBe(true);
    const sixth = await consume(t.db, rule, "visitor-a");
    expect(sixth.allowed).toBe(false);
    if (!sixth.allowed) expect(sixth.retryAfterMs).toBeGreaterThan(50_000);
    // Another key has its own budget.
    expect((await consume(t.db, rule, "visitor-b")).allowed).toBe(true);
  });

  it("counts concurrent calls from two instances on one store", async () => {
    const { createDbClient } = await import("@/lib/db/create-client");
    const second = createDbClient(t.url);
    try {
      const shared: LimitRule = { name: "test:concurrent", points: 10, durationSeconds: 60 };
      const verdicts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => consume(i % 2 ? t.db : second, shared, "k")),
      );
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
      expect(await spent(t.db, shared, "k")).toBe(20);
      await reset(second, shared, "k");
      expect(await spent(t.db, shared, "k")).toBe(0);
    } finally {
      await second.$disconnect();
    }
  });
});
