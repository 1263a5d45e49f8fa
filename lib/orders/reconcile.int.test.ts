import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { commerceUpstreamOf } from "@/lib/products/registry";
import { readPlacement } from "./detail";
import { transition } from "./lifecycle";
import { placeOrder, resumeOrder } from "./placement";
import { currentConnectionId } from "./connections";
import { savePlacement } from "./placement-outcomes";
import { inFuture, startOrderTestbed, type OrderTestbed } from "@/testing/orders";
import { runWorkerOnce } from "./worker";

// Exactly once when the answer is lost: a timeout, a 5xx, or the process dying between
// "placing" and the upstream's answer. The order stays `placing`; the worker looks for it in the
// supplier's order list and credit history and adopts it when found. The create is never sent
// again on a guess: only on a connection that has shown it honours the idempotency key
// (UpstreamConnection.idempotencyHonouredAt); otherwise staff decide, with what was found.
// This file runs the emulator's default (observed) dialect, which does honour the key;
// placement-documented.int.test.ts runs the same on the documented one, which ignores it.

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());
beforeEach(async () => {
  await tb.clearFaults();
  await tb.resetCounters();
});

const shopDebits = async () =>
  (await tb.ledger()).filter((e) => e.api === "commerce" && e.account === "acct_shop" && e.kind === "debit").length;
const worker = (ms: number, workerId = "fresh-worker") =>
  runWorkerOnce(tb.db, { workerId, now: inFuture(ms), clients: tb.clients });

/** Each test's own number (valid UK mobiles): an unclear order left by one test is no other test's look-alike. */
let nextLine = 10;
const freshPhone = () => `+4474001234${nextLine++}`;

async function workingTopup(phone = freshPhone()): Promise<Order> {
  const [, , working] = await tb.eeAirtime();
  return tb.paidTopup(working!.token, { phone });
}

const postCount = async () => (await tb.counters())["POST /v2/orders"] ?? 0;
/** Three worker rounds, as far apart as reconcileDelayMs asks: three lookups, then staff. */
const lookUpThrice = async () => {
  await worker(60_000);
  await worker(120_000);
  return worker(300_000);
};
const markKeyHonoured = async (at: Date | null) =>
  tb.db.upstreamConnection.updateMany({
    where: { id: await tb.commerceConnection() },
    data: { idempotencyHonouredAt: at },
  });

beforeEach(async () => {
  // Each test starts from a connection that has not shown it honours the key.
  await markKeyHonoured(null);
});

describe("reconciliation of an unclear create", () => {
  it("adopts the order an answer-lost create placed, found in the supplier's list: one create, one debit", async () => {
    const order = await workingTopup();
    const debitsBefore = await shopDebits();
    // The upstream places the order; its answer comes after the client gave up.
    await tb.fault({ method: "POST", path: "/v2/orders", kind: "slow_answer", latencyMs: 800, times: 1 });
    const impatient = { ...tb.clients, commerce: tb.commerceWith(undefined, { timeoutMs: 200 }) };
    const unclear = await placeOrder(tb.db, order.id, { source: "buyer", clients: impatient });
    expect(unclear).toMatchObject({ status: "placing", upstreamOrderId: null });
    expect(readPlacement(unclear!.detail)?.state).toBe("unknown");
    expect(unclear!.nextPollAt!.getTime()).toBeGreaterThan(Date.now());
    await expect.poll(shopDebits, { timeout: 20_000 }).toBe(debitsBefore + 1);

    // Not due yet: the worker leaves it alone.
    expect((await worker(0)).claimed).toBe(0);
    expect(await worker(60_000)).toMatchObject({ claimed: 1, reconciled: 1 });
    const placed = await tb.reload(order.id);
    expect(placed).toMatchObject({ status: "placed", upstreamOrderId: expect.stringMatching(/^ord_/) });
    expect(await tb.commerceDebits(placed.upstreamOrderId)).toHaveLength(1);
    expect(await shopDebits()).toBe(debitsBefore + 1);
    expect(await postCount()).toBe(1); // never sent again
    const events = await tb.events(order.id);
    expect(events.map((e) => e.type)).toContain("reconcile");
    expect(events.at(-1)!.message).toMatch(/Found with the supplier: ord_\d+ \(nothing was sent again\)/);

    await tb.advanceClock(5_000);
    await worker(120_000);
    expect((await tb.reload(order.id)).status).toBe("fulfilled");
  });

  it("parks a timed-out create the supplier never got for staff, never re-sending it; staff's retry places it once", async () => {
    const order = await workingTopup();
    const debitsBefore = await shopDebits();
    await tb.fault({ method: "POST", path: "/v2/orders", kind: "timeout", times: 1 });
    const impatient = { ...tb.clients, commerce: tb.commerceWith(undefined, { timeoutMs: 300 }) };
    expect(await placeOrder(tb.db, order.id, { source: "buyer", clients: impatient })).toMatchObject({
      status: "placing",
    });

    await lookUpThrice();
    const parked = await tb.reload(order.id);
    expect(parked).toMatchObject({ status: "needs_attention", upstreamOrderId: null, nextPollAt: null });
    expect(parked.statusReason).toMatch(/nothing is charged twice/);
    expect(readPlacement(parked.detail)).toMatchObject({ state: "unknown", parked: "unknown_outcome", lookups: 3 });
    const note = (await tb.events(order.id)).at(-1)!;
    expect(note).toMatchObject({
      toStatus: "needs_attention",
      data: expect.objectContaining({ code: "unknown_outcome" }),
    });
    expect(note.message).toMatch(/Nothing found in the supplier's order list or credit history since \d{4}-\d\d-\d\dT/);
    expect(note.message).toMatch(/control panel/);
    expect(await postCount()).toBe(1);
    expect(await shopDebits()).toBe(debitsBefore);

    // The worker's own resume (credits topped up) does not touch it: only staff's answer does.
    expect(await resumeOrder(tb.db, order.id, { source: "worker", clients: tb.clients })).toBeNull();
    const retried = await resumeOrder(tb.db, order.id, {
      source: "staff",
      actor: "staff-1",
      clients: tb.clients,
      supplierHasNone: true,
    });
    expect(retried).toMatchObject({ status: "placed", upstreamOrderId: expect.stringMatching(/^ord_/) });
    expect(await postCount()).toBe(2);
    expect(await shopDebits()).toBe(debitsBefore + 1);
  });

  it("parks a create answered 5xx (not placed) on a connection that has not shown it honours the key", async () => {
    const order = await workingTopup();
    await tb.fault({ method: "POST", path: "/v2/orders", kind: "status", status: 503, times: 1 });
    expect(await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients })).toMatchObject({
      status: "placing",
    });
    await lookUpThrice();
    expect(await tb.reload(order.id)).toMatchObject({ status: "needs_attention", upstreamOrderId: null });
    expect(await postCount()).toBe(1);
  });

  it("re-sends with the same key only where the connection has shown it honours it, and places it once", async () => {
    await markKeyHonoured(new Date());
    const order = await workingTopup();
    const debitsBefore = await shopDebits();
    await tb.fault({ method: "POST", path: "/v2/orders", kind: "status", status: 503, times: 1 });
    expect(await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients })).toMatchObject({
      status: "placing",
    });
    await worker(60_000);
    const placed = await tb.reload(order.id);
    expect(placed.status).toBe("placed");
    expect(await tb.commerceDebits(placed.upstreamOrderId)).toHaveLength(1);
    expect(await shopDebits()).toBe(debitsBefore + 1);
    expect(await postCount()).toBe(2); // the 503 and the re-send
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
    const body = commerceUpstreamOf("topup")!.body(order.detail, "credits", order.locale)!;
    const ctx = {
      db: tb.db,
      clients: tb.clients,
      source: "buyer" as const,
      now: new Date(),
      connectionId: await currentConnectionId(tb.db, tb.clients, "topup"),
    };
    const preview = await tb.clients.commerce.previewOrder(body);
    await savePlacement(ctx, placing!, {
      state: "sending",
      sentAt: new Date().toISOString(),
      body: body as Record<string, unknown>,
      attempts: 1,
      costMinor: preview.total,
    });
    if (options.reached) await tb.clients.commerce.createOrder(body, { idempotencyKey: order.idempotencyKey });
    // …and the process is gone: no answer recorded, the lease still held.
  }

  it("leaves the order alone while the lease holds, then a fresh worker finds and adopts it: no second create, no second debit", async () => {
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
    expect(await postCount()).toBe(1);

    await tb.advanceClock(5_000);
    await worker(200_000);
    expect((await tb.reload(order.id)).status).toBe("fulfilled");
  });

  it("parks the order for staff when the crashed create never reached the upstream: nothing is sent again", async () => {
    const order = await workingTopup();
    const debitsBefore = await shopDebits();
    await crashAfterSending(order, { reached: false });
    await worker(120_000);
    await worker(240_000);
    await worker(480_000);
    expect(await tb.reload(order.id)).toMatchObject({ status: "needs_attention", upstreamOrderId: null });
    expect(await shopDebits()).toBe(debitsBefore);
    expect(await postCount()).toBe(0);
  });

  it("places a paid order whose placement never started (crash before the claim)", async () => {
    const order = await workingTopup();
    const run = await worker(0);
    expect(run).toMatchObject({ claimed: 1, placed: 1 });
    expect((await tb.reload(order.id)).status).toBe("placed");
  });
});

describe("two unclear creates of the same product", () => {
  it("adopts neither by guess; staff's retry meets the key replayed, which the connection then remembers", async () => {
    const phone = freshPhone();
    const [a, b] = [await workingTopup(phone), await workingTopup(phone)];
    const debitsBefore = await shopDebits();
    const impatient = { ...tb.clients, commerce: tb.commerceWith(undefined, { timeoutMs: 200 }) };
    for (const order of [a, b]) {
      await tb.fault({ method: "POST", path: "/v2/orders", kind: "slow_answer", latencyMs: 800, times: 1 });
      expect(await placeOrder(tb.db, order.id, { source: "buyer", clients: impatient })).toMatchObject({
        status: "placing",
      });
    }
    await expect.poll(shopDebits, { timeout: 20_000 }).toBe(debitsBefore + 2);

    await worker(60_000);
    for (const order of [a, b]) {
      const parked = await tb.reload(order.id);
      expect(parked).toMatchObject({ status: "needs_attention", upstreamOrderId: null });
      expect((await tb.events(order.id)).at(-1)!.message).toMatch(/matching supplier orders: ord_\d+, ord_\d+/);
    }

    // Staff retry anyway (both orders did reach the supplier): the key is replayed, no second charge.
    for (const order of [a, b]) {
      const retried = await resumeOrder(tb.db, order.id, {
        source: "staff",
        actor: "staff-1",
        clients: tb.clients,
        supplierHasNone: true,
      });
      expect(retried).toMatchObject({ status: "placed" });
      expect((await tb.events(order.id)).find((e) => e.toStatus === "placed")!.message).toMatch(
        /Found with the supplier by its idempotency key/,
      );
    }
    expect(await shopDebits()).toBe(debitsBefore + 2);
    expect((await tb.reload(a.id)).upstreamOrderId).not.toBe((await tb.reload(b.id)).upstreamOrderId);
    const connection = await tb.db.upstreamConnection.findUniqueOrThrow({
      where: { id: await tb.commerceConnection() },
    });
    expect(connection.idempotencyHonouredAt).toBeInstanceOf(Date);
  });
});
