import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { inFuture, markPaid, startOrderTestbed, type OrderTestbed } from "@/testing/orders";
import { createOrder } from "./create";
import { readPlacement } from "./detail";
import { startPaymentLinkOrder } from "./payment-link";
import { placeOrder, resumeOrder } from "./placement";
import { quoteCommerceOrder } from "./quote";
import { runWorkerOnce } from "./worker";

// The order core against the emulator's documented dialect (emulator/commerce/orders/README.md
// "Dialects"): the create answers only `order_id`, `type` and the credits debited (no status),
// the preview names its money like the rates do, a PRO create needs a preview of the same body,
// and Idempotency-Key is ignored (a repeated create is a second order and a second debit). The
// shop must place every product once, learn the status from GET /orders/{id}, cost the order by
// its preview, and never send an unclear create again.

let tb: OrderTestbed;
/** Tokens read while the emulator still answers the observed dialect: they are the same in both. */
let topupToken: string;
let topupTotal: number;
let esimPlan: { price_token: string; catalog_id: string };
const GIFT_CARD = "gc_b1bfcb9d2bb0743a9bbdc614";

beforeAll(async () => {
  tb = await startOrderTestbed();
  const [, , working] = await tb.eeAirtime();
  topupToken = working!.token;
  topupTotal = working!.total_cost_eur;
  esimPlan = await tb.clients.commerce.getEsimProduct("fr-5gb-30d");
  await tb.control("PATCH", "/config", { dialect: "documented" });
});
afterAll(async () => tb?.close());
beforeEach(async () => {
  await tb.clearFaults();
  await tb.resetCounters();
});

const worker = (ms: number) =>
  runWorkerOnce(tb.db, {
    workerId: "documented-worker",
    now: inFuture(ms),
    clients: tb.clients,
  });
const shopDebits = async () =>
  (await tb.ledger()).filter((e) => e.api === "commerce" && e.account === "acct_shop" && e.kind === "debit").length;
const postCount = async () => (await tb.counters())["POST /v2/orders"] ?? 0;

let nextLine = 50;
const freshPhone = () => `+4474001234${nextLine++}`;

async function paid(type: "topup" | "esim" | "giftcard"): Promise<Order> {
  const input =
    type === "topup"
      ? { type, priceToken: topupToken, phone: freshPhone() }
      : type === "esim"
        ? { type, priceToken: esimPlan.price_token, catalogId: esimPlan.catalog_id }
        : { type, priceToken: GIFT_CARD };
  const quote = await quoteCommerceOrder(input, {
    db: tb.db,
    commerce: tb.clients.commerce,
    mode: "credits",
    cacheMs: 0,
  });
  const order = await createOrder(tb.db, {
    productType: type,
    submissionId: randomUUID(),
    customerEmail: "documented@example.com",
    detail: quote.detail as Prisma.InputJsonValue,
    pricing: quote.pricing,
  });
  return markPaid(tb.db, order.id);
}

describe("documented dialect: a purchase of each commerce product", () => {
  it.each(["topup", "esim", "giftcard"] as const)(
    "places a %s once from a create answer without status, costs it by its preview, and follows it to fulfilled",
    async (type) => {
      const order = await paid(type);
      expect(order.costAmount).toBeGreaterThan(0);
      const debitsBefore = await shopDebits();

      const placed = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
      expect(placed).toMatchObject({
        status: "placed",
        upstreamOrderId: expect.stringMatching(/^ord_/),
        upstreamStatus: "processing",
        costAmount: order.costAmount,
        costCurrency: "EUR",
      });
      const counters = await tb.counters();
      expect(counters["POST /v2/orders"]).toBe(1);
      // The status came from the order's own record.
      expect(counters[`GET /v2/orders/${placed!.upstreamOrderId}`]).toBe(1);
      const [debit] = await tb.commerceDebits(placed!.upstreamOrderId);
      expect(debit?.amountMinor).toBe(order.costAmount);
      expect(await shopDebits()).toBe(debitsBefore + 1);

      await tb.advanceClock(5_000);
      await worker(6_000);
      const done = await tb.reload(order.id);
      expect(done).toMatchObject({ status: "fulfilled", upstreamStatus: "fulfilled" });
      expect(done.fulfilledAt).toBeInstanceOf(Date);
    },
  );

  it("sends a gift card body with price_token only (C§2)", async () => {
    const order = await paid("giftcard");
    await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    expect(readPlacement((await tb.reload(order.id)).detail)?.body).toEqual({ price_token: GIFT_CARD });
  });

  it("quotes the top-up at the supplier's total (the preview's total_cost_eur)", async () => {
    const quote = await quoteCommerceOrder(
      { type: "topup", priceToken: topupToken, phone: freshPhone() },
      { db: tb.db, commerce: tb.clients.commerce, mode: "credits", cacheMs: 0 },
    );
    expect(quote.upstream).toMatchObject({ totalMinor: topupTotal, currency: "EUR" });
    expect(quote.upstream.rechargeAmountMinor + quote.upstream.serviceFeeMinor).toBe(topupTotal);
  });
});

describe("documented dialect: a create whose answer is lost (the key is ignored here)", () => {
  it("finds the order the lost create placed (in the credit history: the list shows completed orders only) and adopts it: one upstream order, one debit, one create", async () => {
    const order = await paid("topup");
    const debitsBefore = await shopDebits();
    // Handled at once, its answer held past the client's patience.
    await tb.fault({ method: "POST", path: "/v2/orders", kind: "slow_answer", latencyMs: 800, times: 1 });
    const impatient = { ...tb.clients, commerce: tb.commerceWith(undefined, { timeoutMs: 200 }) };
    expect(await placeOrder(tb.db, order.id, { source: "buyer", clients: impatient })).toMatchObject({
      status: "placing",
      upstreamOrderId: null,
    });
    await expect.poll(shopDebits, { timeout: 20_000 }).toBe(debitsBefore + 1);

    await worker(60_000);
    await worker(120_000);
    await worker(300_000);
    const adopted = await tb.reload(order.id);
    expect(adopted).toMatchObject({
      status: "placed",
      upstreamOrderId: expect.stringMatching(/^ord_/),
      costAmount: order.costAmount,
    });
    expect((await tb.events(order.id)).find((e) => e.type === "reconcile")!.message).toMatch(
      /Found with the supplier \(credit history\)/,
    );
    expect(await tb.commerceDebits(adopted.upstreamOrderId)).toHaveLength(1);
    expect(await shopDebits()).toBe(debitsBefore + 1);
    expect(await postCount()).toBe(1);

    await tb.advanceClock(5_000);
    await worker(400_000);
    expect((await tb.reload(order.id)).status).toBe("fulfilled");
  });

  it("parks a create dropped before the supplier handled it for staff, never re-sending it; staff's retry places it once", async () => {
    const order = await paid("esim");
    const debitsBefore = await shopDebits();
    await tb.fault({ method: "POST", path: "/v2/orders", kind: "reset", times: 1 });
    expect(await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients })).toMatchObject({
      status: "placing",
    });

    await worker(60_000);
    await worker(120_000);
    await worker(300_000);
    const parked = await tb.reload(order.id);
    expect(parked).toMatchObject({ status: "needs_attention", upstreamOrderId: null });
    expect(parked.statusReason).toMatch(/nothing is charged twice/);
    expect((await tb.events(order.id)).at(-1)!.message).toMatch(
      /Nothing found in the supplier's order list or credit history since/,
    );
    expect(await postCount()).toBe(1);
    expect(await shopDebits()).toBe(debitsBefore);

    const retried = await resumeOrder(tb.db, order.id, {
      source: "staff",
      actor: "staff-1",
      clients: tb.clients,
      supplierHasNone: true,
    });
    expect(retried).toMatchObject({ status: "placed", upstreamOrderId: expect.stringMatching(/^ord_/) });
    expect(await postCount()).toBe(2);
    expect(await shopDebits()).toBe(debitsBefore + 1);
    // The documented dialect never answers Idempotent-Replayed: the connection has not shown it honours the key.
    const connection = await tb.db.upstreamConnection.findUniqueOrThrow({
      where: { id: await tb.commerceConnection() },
    });
    expect(connection.idempotencyHonouredAt).toBeNull();
  });
});

describe("documented dialect: a payment-link checkout", () => {
  it("reads the checkout hash from the payment_link (the answer has none), learns the order once paid, and spends no credits", async () => {
    const quote = await quoteCommerceOrder(
      { type: "topup", priceToken: topupToken, phone: freshPhone() },
      { db: tb.db, commerce: tb.clients.commerce, mode: "payment_link", cacheMs: 0 },
    );
    const order = await createOrder(tb.db, {
      productType: "topup",
      submissionId: randomUUID(),
      customerEmail: "link@example.com",
      detail: quote.detail as Prisma.InputJsonValue,
      pricing: quote.pricing,
      upstreamMode: "payment_link",
    });
    const [a, b] = await Promise.all([
      startPaymentLinkOrder(tb.db, order.id, { commerce: tb.clients.commerce }),
      startPaymentLinkOrder(tb.db, order.id, { commerce: tb.clients.commerce }),
    ]);
    expect(b).toEqual(a);
    const stored = await tb.reload(order.id);
    expect(stored.checkoutHash).toMatch(/^[0-9a-f]{40}$/);
    expect(a.paymentLink.endsWith(`/v2/checkout/${stored.checkoutHash}`)).toBe(true);

    const debitsBefore = await shopDebits();
    await tb.control("POST", `/commerce/checkout/${stored.checkoutHash}/pay`);
    // The list shows "completed orders" (C§4; here: fulfilled ones): the order appears once it is.
    await worker(60_000);
    expect(await tb.reload(order.id)).toMatchObject({ status: "awaiting_payment", upstreamOrderId: null });
    await tb.advanceClock(5_000);
    await worker(120_000);
    expect(await tb.reload(order.id)).toMatchObject({
      status: "fulfilled",
      upstreamOrderId: expect.stringMatching(/^ord_/),
    });
    expect(await shopDebits()).toBe(debitsBefore);
  });

  it("without an expires_at in the answer, cancels an unpaid checkout only a day after it was made", async () => {
    const quote = await quoteCommerceOrder(
      { type: "giftcard", priceToken: GIFT_CARD },
      { db: tb.db, commerce: tb.clients.commerce, mode: "payment_link", cacheMs: 0 },
    );
    const order = await createOrder(tb.db, {
      productType: "giftcard",
      submissionId: randomUUID(),
      customerEmail: "unpaid@example.com",
      detail: quote.detail as Prisma.InputJsonValue,
      pricing: quote.pricing,
      upstreamMode: "payment_link",
    });
    await startPaymentLinkOrder(tb.db, order.id, { commerce: tb.clients.commerce });
    expect(readPlacement((await tb.reload(order.id)).detail)?.body).toEqual({
      price_token: GIFT_CARD,
      checkout_mode: "payment_link",
    });
    await worker(2 * 60 * 60_000);
    expect((await tb.reload(order.id)).status).toBe("awaiting_payment");
    await worker(25 * 60 * 60_000);
    expect(await tb.reload(order.id)).toMatchObject({
      status: "cancelled",
      statusReason: expect.stringMatching(/payment link expired/),
    });
  });
});
