import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { commerceRequestBody, readPlacement, type CommerceDetail } from "./detail";
import { transition } from "./lifecycle";
import { placeOrder } from "./placement";
import { currentConnectionId } from "./connections";
import { savePlacement } from "./placement-outcomes";
import { inFuture, startOrderTestbed, type OrderTestbed } from "@/testing/orders";
import { runWorkerOnce } from "./worker";

// Exactly once when the answer is lost: a timeout, a 5xx, or the process dying between
// "placing" and the upstream's answer. The order stays `placing`; the worker reconciles it by
// re-sending the create with the SAME idempotency key, which the upstream answers with the
// original order (no second charge) or places for the first time if the first never arrived.

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());
beforeEach(async () => {
  await tb.clearFaults();
  await tb.resetCounters();
});

const shopDebits = async () => (await tb.ledger()).filter((e) => e.api === "commerce" && e.account === "acct_shop" && e.kind === "debit").length;
const worker = (ms: number, workerId = "fresh-worker") => runWorkerOnce(tb.db, { workerId, now: inFuture(ms), clients: tb.clients, refundFailedOrder: tb.refundFailedOrder });

async function workingTopup(): Promise<Order> {
  const [, , working] = await tb.eeAirtime();
  return tb.paidTopup(working!.token);
}

describe("reconciliation of an unclear create", () => {
  it("keeps the order placing after a timeout, then the worker places it once with the same key", async () => {
    const order = await workingTopup();
    const debitsBefore = await shopDebits();
    await tb.fault({ method: "POST", path: "/v2/orders", kind: "timeout", times: 1 });
    const impatient = { ...tb.clients, commerce: tb.commerceWith(undefined, { timeoutMs: 300 }) };

    const unclear = await placeOrder(tb.db, order.id, { source: "buyer", clients: impatient });
    expect(unclear).toMatchObject({ status: "placing", upstreamOrderId: null });
    expect(readPlacement(unclear!.detail)?.state).toBe("unknown");
    expect(unclear!.nextPollAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await tb.events(order.id)).at(-1)).toMatchObject({ type: "placement_retry" });

    // Not due yet: the worker leaves it alone.
    expect((await worker(0)).claimed).toBe(0);
    const run = await worker(60_000);
    expect(run).toMatchObject({ claimed: 1, reconciled: 1 });
    const placed = await tb.reload(order.id);
    expect(placed).toMatchObject({ status: "placed", upstreamOrderId: expect.stringMatching(/^ord_/) });
    expect(await tb.commerceDebits(placed.upstreamOrderId)).toHaveLength(1);
    expect(await shopDebits()).toBe(debitsBefore + 1);
    expect((await tb.counters())["POST /v2/orders"]).toBe(2); // the lost one and the re-send

    await tb.advanceClock(5_000);
    await worker(120_000);
    expect((await tb.reload(order.id)).status).toBe("fulfilled");
  });

  it("finds the order an answer-lost create placed: replayed, not charged twice", async () => {
    const order = await workingTopup();
    const debitsBefore = await shopDebits();
    // The upstream places the order; its answer comes after the client gave up.
    await tb.fault({ method: "POST", path: "/v2/orders", kind: "latency", latencyMs: 800, times: 1 });
    const impatient = { ...tb.clients, commerce: tb.commerceWith(undefined, { timeoutMs: 200 }) };
    expect(await placeOrder(tb.db, order.id, { source: "buyer", clients: impatient })).toMatchObject({ status: "placing" });
    await expect.poll(shopDebits, { timeout: 5_000 }).toBe(debitsBefore + 1);

    await worker(60_000);
    const placed = await tb.reload(order.id);
    expect(placed.status).toBe("placed");
    expect(await tb.commerceDebits(placed.upstreamOrderId)).toHaveLength(1);
    expect(await shopDebits()).toBe(debitsBefore + 1);
    const events = await tb.events(order.id);
    expect(events.map((e) => e.type)).toContain("reconcile");
    expect(events.at(-1)!.message).toMatch(/Found with the supplier by its idempotency key/);
  });

  it("treats a 5xx on create as unclear too, and reconciles it", async () => {
    const order = await workingTopup();
    await tb.fault({ method: "POST", path: "/v2/orders", kind: "status", status: 503, times: 1 });
    expect(await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients })).toMatchObject({ status: "placing" });
    await worker(60_000);
    const placed = await tb.reload(order.id);
    expect(placed.status).toBe("placed");
    expect(await tb.commerceDebits(placed.upstreamOrderId)).toHaveLength(1);
  });
});

describe("a crash between placing and the upstream's answer", () => {
  /** What a process that died right after sending the create leaves behind. */
  async function crashAfterSending(order: Order, options: { reached: boolean }): Promise<void> {
    const placing = await transition(tb.db, {
      orderId: order.id,
      from: "paid",
      to: "placing",
      source: "buyer",
      patch: { leaseOwner: "dead-process", leaseUntil: inFuture(90_000), nextPollAt: inFuture(90_000) },
    });
    const body = commerceRequestBody("topup", order.detail as CommerceDetail, "credits", order.locale);
    const ctx = { db: tb.db, clients: tb.clients, source: "buyer" as const, now: new Date(), connectionId: await currentConnectionId(tb.db, tb.clients, "topup") };
    await savePlacement(ctx, placing!, { state: "sending", sentAt: new Date().toISOString(), body: body as Record<string, unknown>, attempts: 1 });
    if (options.reached) await tb.clients.commerce.createOrder(body, { idempotencyKey: order.idempotencyKey });
    // …and the process is gone: no answer recorded, the lease still held.
  }

  it("leaves the order alone while the lease holds, then a fresh worker reconciles it without a second debit", async () => {
    const order = await workingTopup();
    const debitsBefore = await shopDebits();
    await crashAfterSending(order, { reached: true });
    expect(await shopDebits()).toBe(debitsBefore + 1);

    expect((await worker(30_000)).claimed).toBe(0); // lease still held by the dead process
    expect((await worker(120_000)).reconciled).toBe(1);
    const placed = await tb.reload(order.id);
    expect(placed).toMatchObject({ status: "placed", leaseOwner: null });
    expect(await shopDebits()).toBe(debitsBefore + 1);
    expect(await tb.commerceDebits(placed.upstreamOrderId)).toHaveLength(1);

    await tb.advanceClock(5_000);
    await worker(200_000);
    expect((await tb.reload(order.id)).status).toBe("fulfilled");
  });

  it("places the order once when the crashed create never reached the upstream", async () => {
    const order = await workingTopup();
    const debitsBefore = await shopDebits();
    await crashAfterSending(order, { reached: false });
    await worker(120_000);
    const placed = await tb.reload(order.id);
    expect(placed.status).toBe("placed");
    expect(await shopDebits()).toBe(debitsBefore + 1);
  });

  it("places a paid order whose placement never started (crash before the claim)", async () => {
    const order = await workingTopup();
    const run = await worker(0);
    expect(run).toMatchObject({ claimed: 1, placed: 1 });
    expect((await tb.reload(order.id)).status).toBe("placed");
  });
});
