import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDbClient, type DbClient } from "@/lib/db/create-client";
import { inFuture, markPaid, startOrderTestbed, UNLOCK_PAIR, IMEI, type OrderTestbed } from "@/testing/orders";
import { claimDueOrders, runWorkerOnce, startWorker } from "./worker";
import { createOrder } from "./create";
import { transition } from "./lifecycle";
import { placeOrder } from "./placement";

// The worker's lease: several workers (here: two database clients, as two processes would
// have) claim due orders concurrently and never hold the same order.

let tb: OrderTestbed;
let second: DbClient;
beforeAll(async () => {
  tb = await startOrderTestbed();
  second = createDbClient(tb.url);
});
afterAll(async () => {
  await second?.$disconnect();
  await tb?.close();
});

const pricing = {
  currency: "EUR",
  amountMinor: 1000,
  serviceFeeMinor: 100,
  smsFeeMinor: 0,
  totalMinor: 1100,
  costMinor: 1000,
};

async function paidOrders(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const order = await createOrder(tb.db, {
      productType: "giftcard",
      submissionId: randomUUID(),
      customerEmail: "lease@example.com",
      detail: { priceToken: "gc_none" },
      pricing,
    });
    await markPaid(tb.db, order.id);
    ids.push(order.id);
  }
  return ids;
}

describe("claimDueOrders", () => {
  it("never lets two workers hold the same order", async () => {
    const ids = await paidOrders(24);
    const now = new Date();
    const held = new Map<string, string>();
    // Several rounds of two workers racing, each taking up to 5 at a time.
    for (let round = 0; round < 8; round++) {
      const [a, b] = await Promise.all([
        claimDueOrders(tb.db, { workerId: `A${round}`, limit: 5, now, leaseMs: 60_000 }),
        claimDueOrders(second, { workerId: `B${round}`, limit: 5, now, leaseMs: 60_000 }),
      ]);
      for (const order of [...a, ...b]) {
        expect(held.has(order.id), `order ${order.id} claimed twice`).toBe(false);
        held.set(order.id, order.leaseOwner!);
      }
    }
    expect([...held.keys()].filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    const rows = await tb.db.order.findMany({ where: { id: { in: ids } } });
    for (const row of rows) expect(row.leaseOwner).toBe(held.get(row.id));

    // Until the lease lapses nobody else gets them; afterwards a fresh worker does.
    expect(await claimDueOrders(second, { workerId: "late", limit: 50, now: inFuture(30_000) })).toHaveLength(0);
    const reclaimed = await claimDueOrders(second, { workerId: "after-lease", limit: 50, now: inFuture(61_000) });
    expect(
      reclaimed
        .map((o) => o.id)
        .filter((id) => ids.includes(id))
        .sort(),
    ).toEqual([...ids].sort());
    await tb.db.order.updateMany({
      where: { id: { in: ids } },
      data: { status: "cancelled", leaseOwner: null, leaseUntil: null },
    });
  });

  it("claims only what is due", async () => {
    const [id] = await paidOrders(1);
    await tb.db.order.update({ where: { id }, data: { nextPollAt: inFuture(60_000) } });
    expect((await claimDueOrders(tb.db, { workerId: "w", now: new Date() })).map((o) => o.id)).not.toContain(id);
    expect((await claimDueOrders(tb.db, { workerId: "w", now: inFuture(61_000) })).map((o) => o.id)).toContain(id);
    await tb.db.order.update({ where: { id }, data: { status: "cancelled", leaseOwner: null, leaseUntil: null } });
  });
});

describe("ORDER_POLLING=off", () => {
  it("stops polling commerce orders (webhooks move them) but still follows unlock orders, which have no webhooks", async () => {
    const [, , working] = await tb.eeAirtime();
    const topup = await tb.paidTopup(working!.token);
    await placeOrder(tb.db, topup.id, { source: "buyer", clients: tb.clients });
    const unlock = await tb.paidOrder("unlock", {
      deviceId: UNLOCK_PAIR.deviceId,
      networkId: UNLOCK_PAIR.networkId,
      imei: IMEI.availableAtOnce,
      toolId: UNLOCK_PAIR.toolInstant,
      guaranteedTimeType: "instant",
    });
    await placeOrder(tb.db, unlock.id, { source: "buyer", clients: tb.clients });

    const claimed = await claimDueOrders(tb.db, { workerId: "no-poll", now: inFuture(10 * 60_000), polling: false });
    const ids = claimed.map((o) => o.id);
    expect(ids).toContain(unlock.id);
    expect(ids).not.toContain(topup.id);
    await tb.db.order.updateMany({ where: { id: { in: ids } }, data: { leaseOwner: null, leaseUntil: null } });
  });
});

describe("startWorker", () => {
  it("runs rounds until stopped, placing paid orders", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    const housekeepingRuns: Date[] = [];
    const running = startWorker({
      db: tb.db,
      workerId: "loop",
      intervalMs: 50,
      clients: tb.clients,
      housekeeping: { everyMs: 60_000, run: async (now) => housekeepingRuns.push(now) },
    });
    try {
      await expect.poll(async () => (await tb.reload(order.id)).status, { timeout: 10_000 }).toBe("placed");
    } finally {
      await running.stop();
    }
    expect((await tb.reload(order.id)).leaseOwner).toBeNull();
    // Housekeeping ran with the first round, and not again within its minute.
    expect(housekeepingRuns).toHaveLength(1);
  });

  it("ends its pause when a transition in its process owes a refund: the round's first step runs at once", async () => {
    const order = await tb.paidOrder("imeicheck", { imei: IMEI.reported });
    await transition(tb.db, { orderId: order.id, from: "paid", to: "placing", source: "worker" });
    const beforeOrders: Date[] = [];
    let roundDone!: () => void;
    const firstRound = new Promise<void>((resolve) => (roundDone = resolve));
    const running = startWorker({
      db: tb.db,
      workerId: "waking",
      intervalMs: 600_000,
      clients: tb.clients,
      beforeOrders: async (now) => beforeOrders.push(now),
      eachRound: async () => roundDone(),
    });
    try {
      await firstRound;
      expect(beforeOrders).toHaveLength(1);
      // The next round is ten minutes away; the failure of a paid order owes a refund.
      await transition(tb.db, { orderId: order.id, from: "placing", to: "failed", source: "staff" });
      await expect.poll(() => beforeOrders.length, { timeout: 30_000 }).toBe(2);
    } finally {
      await running.stop();
    }
  });

  it("reports what a round did", async () => {
    const run = await runWorkerOnce(tb.db, {
      workerId: "idle",
      now: new Date(),
      clients: tb.clients,
    });
    expect(run).toEqual({
      claimed: expect.any(Number),
      placed: expect.any(Number),
      reconciled: expect.any(Number),
      polled: expect.any(Number),
      errors: 0,
    });
  });
});
