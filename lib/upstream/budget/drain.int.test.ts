// The upstream budget's classes (docs/security.md), end to end: anonymous visitors flood the review
// pages' price previews at a minute boundary, then a paid order must still be placed at once.
// Real emulator over HTTP, real database (SQLite, or PostgreSQL with TEST_POSTGRES_URL); the
// budget's clock is injected so the flood and the placement share one window.
// Were previews sent in the "order" class, the flood would take the whole window and the
// placement would wait for the next minute (a paid order placed 46 s late).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { placeOrder } from "@/lib/orders/placement";
import { startOrderTestbed, WORKING_UK_MOBILE, type OrderTestbed } from "@/testing/orders";
import { VISITOR_LIMITS } from "@/lib/security/visitor-limits";
import { UpstreamError } from "../errors";
import { createDbBudget } from "./db-budget";

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());
beforeEach(async () => {
  await tb.resetCounters();
  await tb.db.upstreamBudgetWindow.deleteMany();
  await tb.db.rateLimit.deleteMany();
  await tb.db.catalogCacheEntry.deleteMany();
});

const MINUTE_START = Date.UTC(2026, 0, 1, 12, 0, 0);

function budgetAt(at: number, perMinute: number) {
  const sleeps: number[] = [];
  const budget = createDbBudget(tb.db, {
    perMinute,
    now: () => at,
    sleep: async (ms) => {
      sleeps.push(ms);
      at += ms;
    },
  });
  return { budget, sleeps, clients: { ...tb.clients, commerce: tb.commerceWith(undefined, { budget }) } };
}

/** One anonymous review-page view: a distinct preview (its own SMS text), from `visitor`. */
function view(commerce: OrderTestbed["clients"]["commerce"], token: string, visitor: string, i: number) {
  return quoteCommerceOrder(
    { type: "topup", priceToken: token, phone: WORKING_UK_MOBILE, smsNotification: true, smsText: `view ${i}` },
    { db: tb.db, commerce, mode: "credits", visitor },
  );
}

describe("the budget drain", () => {
  it("24 anonymous visitors flooding previews at a minute boundary cannot delay a paid order's placement", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    await tb.resetCounters();

    const { budget, sleeps, clients } = budgetAt(MINUTE_START + 500, 50);
    const { previewCap } = budget.caps("commerce");
    // 24 visitors × 22 views each (528 requests), all at once.
    const views = Array.from({ length: 24 * 22 }, (_, i) =>
      view(clients.commerce, working!.token, `198.51.100.${i % 24}`, i),
    );
    const settled = await Promise.allSettled(views);
    const refused = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as unknown] : []));
    // The preview class takes exactly its cap of the window; no more previews reach the upstream.
    // (A connection the emulator resets on a loaded machine spends a unit without a preview, so
    // the successes are counted as "at most the cap".)
    expect(await budget.usage("commerce")).toMatchObject({ previewUsed: previewCap, used: previewCap });
    expect((await tb.counters())["POST /v2/orders/preview"]).toBeLessThanOrEqual(previewCap);
    expect(settled.length - refused.length).toBeLessThanOrEqual(previewCap);
    expect(settled.length - refused.length).toBeGreaterThanOrEqual(previewCap - 2);
    // Every refusal is a clear, retryable message for the buyer (the review page shows it), never a crash.
    expect(refused.every((e) => e instanceof UpstreamError && e.retryable)).toBe(true);
    const messages = new Set(refused.map((e) => (e as UpstreamError).userMessage));
    expect(
      [...messages].every((m) =>
        /^(We are handling a lot of price checks right now|Too many price checks from your network)\. Please try again in \d+ seconds?\.$/.test(
          m,
        ),
      ),
    ).toBe(true);

    // The paid order is placed in the same window, at once: preview + create from the orders' reserve.
    const started = performance.now();
    const placed = await placeOrder(tb.db, order.id, {
      source: "buyer",
      clients,
    });
    expect(placed).toMatchObject({ status: "placed", upstreamOrderId: expect.stringMatching(/^ord_/) });
    expect(sleeps).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await tb.counters())["POST /v2/orders"]).toBe(1);
  });

  it("limits one network's live previews, reuses a preview for the same request, and keys on the network only", async () => {
    const [, , working] = await tb.eeAirtime();
    const { clients } = budgetAt(MINUTE_START + 20_000, 500);
    const limit = VISITOR_LIMITS.preview.points;

    // The same review page viewed 10 times: one upstream preview, one point of the visitor's limit.
    for (let i = 0; i < 10; i++)
      await quoteCommerceOrder(
        { type: "topup", priceToken: working!.token, phone: WORKING_UK_MOBILE },
        { db: tb.db, commerce: clients.commerce, mode: "credits", visitor: "203.0.113.5" },
      );
    expect((await tb.counters())["POST /v2/orders/preview"]).toBe(1);

    // Distinct previews: the visitor's remaining points go, then a clear refusal with no upstream call.
    const outcomes = await Promise.allSettled(
      Array.from({ length: limit + 3 }, (_, i) => view(clients.commerce, working!.token, "203.0.113.5", i)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(limit - 1);
    const refusal = outcomes.find((o) => o.status === "rejected")!.reason as UpstreamError;
    expect(refusal).toMatchObject({ code: "TOO_MANY_REQUESTS", retryable: true });
    expect(refusal.userMessage).toMatch(
      /^Too many price checks from your network\. Please try again in \d+ seconds?\.$/,
    );
    expect((await tb.counters())["POST /v2/orders/preview"]).toBe(limit);

    // A reused preview is still served to the limited visitor; another network is not affected.
    await expect(
      quoteCommerceOrder(
        { type: "topup", priceToken: working!.token, phone: WORKING_UK_MOBILE },
        { db: tb.db, commerce: clients.commerce, mode: "credits", visitor: "203.0.113.5" },
      ),
    ).resolves.toMatchObject({ upstream: { totalMinor: expect.any(Number) } });
    await expect(view(clients.commerce, working!.token, "192.0.2.77", 999)).resolves.toBeDefined();
  });

  it("does not reuse a preview past its minute", async () => {
    const [, , working] = await tb.eeAirtime();
    let now = Date.now();
    const quote = () =>
      quoteCommerceOrder(
        { type: "topup", priceToken: working!.token, phone: WORKING_UK_MOBILE },
        { db: tb.db, commerce: tb.clients.commerce, mode: "credits", now: () => now },
      );
    await quote();
    now += 59_000;
    await quote();
    expect((await tb.counters())["POST /v2/orders/preview"]).toBe(1);
    now += 2_000;
    await quote();
    expect((await tb.counters())["POST /v2/orders/preview"]).toBe(2);
  });
});
