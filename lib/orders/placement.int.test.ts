import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { createOrder } from "./create";
import { readPlacement } from "./detail";
import { quoteCommerceOrder } from "./quote";
import { placeOrder, resumeOrder } from "./placement";
import { runWorkerOnce } from "./worker";
import { inFuture, markPaid, startOrderTestbed, type OrderTestbed } from "@/testing/orders";
import { supplierRate } from "@/lib/pricing/exchange";

// Placing paid commerce orders with PRO credits against the emulator (production key: the
// ledger shows real debits), then following them to their end with the worker.

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());
beforeEach(async () => {
  await tb.clearFaults();
  await tb.resetCounters();
});

const worker = (ms: number, workerId = "test-worker") =>
  runWorkerOnce(tb.db, { workerId, now: inFuture(ms), clients: tb.clients });

describe("placing a paid top-up", () => {
  it("previews, places with the order's idempotency key, and the worker's poll brings it to fulfilled with one debit", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    await tb.resetCounters(); // the quote previewed once already

    const placed = await placeOrder(tb.db, order.id, {
      source: "buyer",
      clients: tb.clients,
    });
    expect(placed).toMatchObject({
      status: "placed",
      upstreamStatus: "processing",
      upstreamOrderId: expect.stringMatching(/^ord_/),
      costAmount: working!.total_cost_eur,
      costCurrency: "EUR",
    });
    expect(placed!.placedAt).toBeInstanceOf(Date);
    expect(placed!.leaseOwner).toBeNull();
    const counters = await tb.counters();
    expect(counters["POST /v2/orders/preview"]).toBe(1);
    expect(counters["POST /v2/orders"]).toBe(1);

    // The emulator fulfils 3 s after the order (its clock); the first poll is due 5 s after placing.
    await tb.advanceClock(5_000);
    expect((await worker(6_000)).polled).toBe(1);
    const done = await tb.reload(order.id);
    expect(done).toMatchObject({ status: "fulfilled", upstreamStatus: "fulfilled", nextPollAt: null });
    expect(done.fulfilledAt).toBeInstanceOf(Date);
    expect(done.fulfillment).toMatchObject({ deliveryStatus: "delivered" });
    expect(await tb.commerceDebits(done.upstreamOrderId)).toHaveLength(1);

    const events = await tb.events(order.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.source])).toEqual([
      [null, "awaiting_payment", "buyer"],
      ["awaiting_payment", "paid", "buyer"],
      ["paid", "placing", "buyer"],
      ["placing", "placed", "buyer"],
      ["placed", "fulfilled", "worker"],
    ]);
  });

  it("lets exactly one of ten concurrent placeOrder calls place it: one upstream create, one debit", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await tb.counters())["POST /v2/orders"]).toBe(1);
    const placed = await tb.reload(order.id);
    expect(await tb.commerceDebits(placed.upstreamOrderId)).toHaveLength(1);
  });

  it("places the order in the buyer's language (the upstream words its texts in it)", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    await tb.db.order.update({ where: { id: order.id }, data: { locale: "es" } });
    const placed = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    const upstream = await tb.clients.commerce.getOrder(placed!.upstreamOrderId!);
    expect((upstream as { lang?: string }).lang).toBe("es");
  });

  it("does nothing for an order that is not paid", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    expect(await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients })).toBeNull();
    expect((await tb.counters())["POST /v2/orders"]).toBe(1);
  });

  it("parks the order in needs_attention on INSUFFICIENT_CREDITS, with no debit and no refund", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    const poor = { ...tb.clients, commerce: tb.commerceWith(POOR) };
    const parked = await placeOrder(tb.db, order.id, {
      source: "buyer",
      clients: poor,
    });
    expect(parked).toMatchObject({ status: "needs_attention", upstreamOrderId: null });
    expect(parked!.statusReason).toMatch(/paid and will be completed shortly/);
    expect(parked!.statusReason).toMatch(/Nothing is charged twice/);
    expect(await tb.refundOwed(order.id)).toBe(false);
    expect((await tb.ledger()).filter((e) => e.account === "acct_poor" && e.kind === "debit")).toHaveLength(0);
    const events = await tb.events(order.id);
    expect(events.at(-1)).toMatchObject({
      fromStatus: "placing",
      toStatus: "needs_attention",
      data: expect.objectContaining({ code: "insufficient_credits" }),
    });
  });

  it("parks the order when the create itself answers INSUFFICIENT_CREDITS (balance spent since the preview)", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    const poorCreate = tb.commerceWith(POOR);
    // The preview still saw enough credit; the create runs into the empty balance.
    const commerce = { ...poorCreate, previewOrder: tb.clients.commerce.previewOrder };
    const parked = await placeOrder(tb.db, order.id, {
      source: "buyer",
      clients: { ...tb.clients, commerce },
    });
    expect(parked).toMatchObject({ status: "needs_attention", upstreamOrderId: null });
    expect(parked!.statusReason).toMatch(/paid and will be completed shortly/);
    expect(await tb.refundOwed(order.id)).toBe(false);
    expect((await tb.counters())["POST /v2/orders"]).toBe(1);
    expect((await tb.ledger()).filter((e) => e.account === "acct_poor" && e.kind === "debit")).toHaveLength(0);
  });

  it("resumes an INSUFFICIENT_CREDITS order by itself once the balance covers it", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    const poor = { ...tb.clients, commerce: tb.commerceWith(POOR) };
    await placeOrder(tb.db, order.id, { source: "buyer", clients: poor });
    // Still poor: the worker checks the balance quietly and waits.
    await runWorkerOnce(tb.db, {
      workerId: "w",
      now: inFuture(6 * 60_000),
      clients: poor,
    });
    expect((await tb.reload(order.id)).status).toBe("needs_attention");
    // Topped up (here: the shop's rich account stands for the topped-up balance).
    await runWorkerOnce(tb.db, {
      workerId: "w",
      now: inFuture(12 * 60_000),
      clients: tb.clients,
    });
    const resumed = await tb.reload(order.id);
    expect(resumed).toMatchObject({ status: "placed", upstreamOrderId: expect.stringMatching(/^ord_/) });
    expect(await tb.commerceDebits(resumed.upstreamOrderId)).toHaveLength(1);
  });

  it("fails the catalog's failing top-up and asks for the buyer's refund", async () => {
    const [failing] = await tb.eeAirtime();
    const order = await tb.paidTopup(failing!.token);
    const placed = await placeOrder(tb.db, order.id, {
      source: "buyer",
      clients: tb.clients,
    });
    expect(placed?.status).toBe("placed");
    await tb.advanceClock(5_000);
    await worker(6_000);
    const failed = await tb.reload(order.id);
    expect(failed).toMatchObject({ status: "failed", upstreamStatus: "failed", nextPollAt: null });
    expect(failed.statusReason).toMatch(/Refund pending/);
    expect(await tb.refundOwed(order.id)).toBe(true);
    // The upstream refunded the shop's credits (debit + refund on its ledger).
    const entries = (await tb.ledger()).filter((e) => e.reference === failed.upstreamOrderId);
    expect(entries.map((e) => e.kind).sort()).toEqual(["debit", "refund"]);
  });

  it("parks a MANUAL_REVISION order for staff and keeps following it to its end", async () => {
    const [, manual] = await tb.eeAirtime();
    const order = await tb.paidTopup(manual!.token);
    await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    await tb.advanceClock(5_000);
    await worker(6_000);
    const parked = await tb.reload(order.id);
    expect(parked).toMatchObject({ status: "needs_attention", upstreamStatus: "MANUAL_REVISION" });
    expect(parked.nextPollAt).not.toBeNull();

    await tb.control("POST", `/commerce/orders/${parked.upstreamOrderId}/settle`, { outcome: "fulfill" });
    await worker(20 * 60_000);
    expect(await tb.reload(order.id)).toMatchObject({ status: "fulfilled", upstreamStatus: "fulfilled" });
  });

  it("fails a paid order the upstream refuses outright (4xx) and asks for the refund; nothing is created", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    await tb.db.order.update({
      where: { id: order.id },
      data: { detail: { ...(order.detail as object), priceToken: "tp_000000000000000000000000" } },
    });
    const failed = await placeOrder(tb.db, order.id, {
      source: "buyer",
      clients: tb.clients,
    });
    expect(failed).toMatchObject({ status: "failed" });
    expect(failed!.statusReason).toMatch(/price is no longer valid.*Refund pending/);
    expect(await tb.refundOwed(order.id)).toBe(true);
    expect((await tb.counters())["POST /v2/orders"]).toBeUndefined();
  });

  it("parks the order when the supplier's price rose above what the buyer paid", async () => {
    const [, , working, dearer] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    // The buyer paid for `working`; the supplier now prices the token like a dearer rate.
    await tb.db.order.update({
      where: { id: order.id },
      data: { detail: { ...(order.detail as object), priceToken: dearer!.token } },
    });
    const parked = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    expect(parked).toMatchObject({ status: "needs_attention" });
    expect(parked!.statusReason).toMatch(/price went up after you paid/);
    expect((await tb.counters())["POST /v2/orders"]).toBeUndefined();
    // Not resumed by the worker: staff decide.
    expect(parked!.nextPollAt).toBeNull();

    // Staff accept today's price: the order is placed after all, once.
    const resumed = await resumeOrder(tb.db, order.id, {
      source: "staff",
      actor: "staff-1",
      clients: tb.clients,
      acceptCurrentPrice: true,
    });
    expect(resumed).toMatchObject({ status: "placed", statusReason: null, costAmount: dearer!.total_cost_eur });
    expect((await tb.counters())["POST /v2/orders"]).toBe(1);
    expect((await tb.events(order.id)).find((e) => e.fromStatus === "needs_attention")).toMatchObject({
      toStatus: "placing",
      source: "staff",
      actor: "staff-1",
    });
  });
});

describe("placing a top-up paid in dollars", () => {
  it("places it at the supplier's euro price: the order keeps the dollars paid and the euro cost", async () => {
    const [, , working] = await tb.eeAirtime();
    const exchange = supplierRate(working!.total_cost_eur, working!.total_cost_usd);
    const order = await tb.paidTopup(working!.token, {}, { currency: "USD", exchange });
    expect(order).toMatchObject({ currency: "USD", costAmount: working!.total_cost_eur, costCurrency: "EUR" });
    // The buyer's price is the supplier's own dollar figure plus the shop's margin.
    expect(order.retailAmount).toBeGreaterThan(working!.total_cost_usd);
    const placed = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    expect(placed).toMatchObject({
      status: "placed",
      currency: "USD",
      retailAmount: order.retailAmount,
      costAmount: working!.total_cost_eur,
      costCurrency: "EUR",
    });
    expect((await tb.counters())["POST /v2/orders"]).toBe(1);
  });

  it("parks it when the supplier's euro price rose above what the dollars paid are worth in euros", async () => {
    const [, , working, dearer] = await tb.eeAirtime();
    const order = await tb.paidTopup(
      working!.token,
      {},
      { currency: "USD", exchange: supplierRate(working!.total_cost_eur, working!.total_cost_usd) },
    );
    await tb.db.order.update({
      where: { id: order.id },
      data: { detail: { ...(order.detail as object), priceToken: dearer!.token } },
    });
    const parked = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    expect(parked).toMatchObject({ status: "needs_attention" });
    expect(parked!.statusReason).toMatch(/price went up after you paid/);
    expect((await tb.counters())["POST /v2/orders"]).toBeUndefined();
  });
});

describe("placing a paid eSIM whose price token expired while the order waited", () => {
  it("asks the plan for today's token and places it once, at the same cost", async () => {
    const plan = await tb.clients.commerce.getEsimProduct("fr-5gb-30d");
    const quote = await quoteCommerceOrder(
      { type: "esim", priceToken: plan.price_token, catalogId: plan.catalog_id },
      { db: tb.db, commerce: tb.clients.commerce, mode: "credits", cacheMs: 0 },
    );
    const created = await createOrder(tb.db, {
      productType: "esim",
      submissionId: randomUUID(),
      customerEmail: "buyer@example.com",
      detail: quote.detail as Prisma.InputJsonValue,
      pricing: quote.pricing,
    });
    const order = await markPaid(tb.db, created.id);
    // The plan's token lives 30 minutes on the supplier's clock.
    await tb.advanceClock(31 * 60_000);
    await tb.resetCounters();

    const placed = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    expect(placed).toMatchObject({ status: "placed", costAmount: order.costAmount });
    const counters = await tb.counters();
    expect(counters["POST /v2/orders/preview"]).toBe(2);
    expect(counters["POST /v2/orders"]).toBe(1);
    const renewed = (placed!.detail as { priceToken: string }).priceToken;
    expect(renewed).not.toBe(plan.price_token);
    expect(readPlacement(placed!.detail)?.body).toMatchObject({ price_token: renewed, catalog_id: plan.catalog_id });
    expect(await tb.commerceDebits(placed!.upstreamOrderId)).toHaveLength(1);
  });
});

const POOR = "live_poor00000000000000000001:sk_poorlive000000000000000000000001";
