import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { applyCommerceOrder } from "./apply-upstream";
import { createOrder } from "./create";
import { startPaymentLinkOrder } from "./payment-link";
import { placeOrder } from "./placement";
import { quoteCommerceOrder } from "./quote";
import { openFulfillment } from "./sealed-fulfillment";
import { inFuture, markPaid, startOrderTestbed, WORKING_UK_MOBILE, type OrderTestbed } from "@/testing/orders";
import { runWorkerOnce } from "./worker";

// Upstream news applied to local orders (webhooks, polls): fulfillment fields stored, the
// lifecycle moved forward only, the same news twice a no-op, old news ignored.

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());
beforeEach(async () => {
  await tb.clearFaults();
  await tb.resetCounters();
});

const GIFT_CARD = "gc_b1bfcb9d2bb0743a9bbdc614";
const worker = (ms: number) =>
  runWorkerOnce(tb.db, {
    workerId: "apply-worker",
    now: inFuture(ms),
    clients: tb.clients,
  });

async function placedTopup() {
  const [, , working] = await tb.eeAirtime();
  const order = await tb.paidTopup(working!.token);
  return (await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients }))!;
}

describe("applyCommerceOrder", () => {
  it("fulfils from the webhook's order record; the same record again and an older one change nothing", async () => {
    const placed = await placedTopup();
    const processing = await tb.clients.commerce.getOrder(placed.upstreamOrderId!);
    expect(processing.status).toBe("processing");
    await tb.advanceClock(5_000);
    const fulfilled = await tb.clients.commerce.getOrder(placed.upstreamOrderId!);

    expect(
      await applyCommerceOrder(tb.db, fulfilled, {
        source: "webhook",
        actor: "evt_1",
        connectionId: await tb.commerceConnection(),
      }),
    ).toEqual({ orderId: placed.id, changed: true });
    const events = await tb.events(placed.id);
    expect(events.at(-1)).toMatchObject({
      fromStatus: "placed",
      toStatus: "fulfilled",
      source: "webhook",
      actor: "evt_1",
    });

    expect(
      await applyCommerceOrder(tb.db, fulfilled, {
        source: "webhook",
        actor: "evt_1",
        connectionId: await tb.commerceConnection(),
      }),
    ).toEqual({ orderId: placed.id, changed: false });
    expect(
      await applyCommerceOrder(tb.db, processing, {
        source: "webhook",
        actor: "evt_0",
        connectionId: await tb.commerceConnection(),
      }),
    ).toEqual({ orderId: placed.id, changed: false });
    // Even without timestamps a late "processing" never moves a fulfilled order back.
    const { updated_at: _ignored, ...undated } = processing;
    expect(
      await applyCommerceOrder(tb.db, undated, { source: "worker", connectionId: await tb.commerceConnection() }),
    ).toEqual({ orderId: placed.id, changed: false });

    const after = await tb.reload(placed.id);
    expect(after).toMatchObject({
      status: "fulfilled",
      upstreamStatus: "fulfilled",
      fulfillment: expect.objectContaining({ deliveryStatus: "delivered" }),
    });
    expect(await tb.events(placed.id)).toHaveLength(events.length);
  });

  it("moves a placed order straight to fulfilled when the fulfilled webhook arrives before any poll, and the poll then agrees", async () => {
    const placed = await placedTopup();
    await tb.advanceClock(5_000);
    const [row] = (await tb.clients.commerce.listOrders({ type: "topup", limit: 1 })).items;
    expect(row!.order_id).toBe(placed.upstreamOrderId);
    await applyCommerceOrder(tb.db, row!, { source: "webhook", connectionId: await tb.commerceConnection() });
    expect((await tb.reload(placed.id)).status).toBe("fulfilled");
    const count = (await tb.events(placed.id)).length;
    // Final orders are not polled any more.
    expect((await worker(10_000)).claimed).toBe(0);
    expect(await tb.events(placed.id)).toHaveLength(count);
  });

  it("stores a gift card's code and link, and keeps the code out of the timeline", async () => {
    const quote = await quoteCommerceOrder(
      { type: "giftcard", priceToken: GIFT_CARD },
      { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
    );
    const order = await createOrder(tb.db, {
      productType: "giftcard",
      submissionId: randomUUID(),
      customerEmail: "gift@example.com",
      detail: quote.detail as Prisma.InputJsonValue,
      pricing: quote.pricing,
    });
    await markPaid(tb.db, order.id);
    const placed = (await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients }))!;
    await tb.advanceClock(5_000);
    await applyCommerceOrder(tb.db, await tb.clients.commerce.getOrder(placed.upstreamOrderId!), {
      source: "webhook",
      connectionId: await tb.commerceConnection(),
    });
    const done = await tb.reload(order.id);
    const fulfillment = openFulfillment(done.fulfillment) as { redemptionCode: string; redemptionUrl: string };
    expect(done.status).toBe("fulfilled");
    expect(fulfillment.redemptionCode).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(fulfillment.redemptionUrl).toContain("/v2/redeem/");
    expect(JSON.stringify(await tb.events(order.id))).not.toContain(fulfillment.redemptionCode);
  });

  it("stores an eSIM's activation data and keeps the real balance when a list row says 'per order basis'", async () => {
    const plan = await tb.clients.commerce.getEsimProduct("fr-5gb-30d");
    const quote = await quoteCommerceOrder(
      { type: "esim", priceToken: plan.price_token, catalogId: plan.catalog_id },
      { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
    );
    expect(quote.pricing.serviceFeeMinor).toBeGreaterThan(0); // the shop's margin on a plan with no upstream fee
    const order = await createOrder(tb.db, {
      productType: "esim",
      submissionId: randomUUID(),
      customerEmail: "travel@example.com",
      detail: quote.detail as Prisma.InputJsonValue,
      pricing: quote.pricing,
    });
    await markPaid(tb.db, order.id);
    const placed = (await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients }))!;
    await tb.advanceClock(5_000);
    await worker(6_000);
    const done = await tb.reload(order.id);
    expect(done.status).toBe("fulfilled");
    expect(openFulfillment(done.fulfillment)).toMatchObject({
      iccid: expect.stringMatching(/^\d{20}$/),
      lpaString: expect.stringMatching(/^LPA:1\$/),
      installUrl: expect.stringContaining("carddata="),
      qrCodeUrl: expect.stringContaining("/v2/esim/qr/"),
      balanceAmount: "5.00",
      balanceUnit: "GB",
    });
    const [row] = (await tb.clients.commerce.listOrders({ type: "esim", limit: 1 })).items;
    expect(row!.order_id).toBe(placed.upstreamOrderId);
    await applyCommerceOrder(tb.db, row!, { source: "webhook", connectionId: await tb.commerceConnection() });
    expect((await tb.reload(order.id)).fulfillment).toMatchObject({ balanceAmount: "5.00" });
  });

  it("keeps an unknown upstream status as sent, treats it as in progress and logs it", async () => {
    const placed = await placedTopup();
    const record = await tb.clients.commerce.getOrder(placed.upstreamOrderId!);
    const warn = vi.spyOn(logger, "warn");
    try {
      expect(
        await applyCommerceOrder(
          tb.db,
          { ...record, status: "on_hold" },
          { source: "webhook", connectionId: await tb.commerceConnection() },
        ),
      ).toEqual({ orderId: placed.id, changed: true });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ status: "on_hold" }),
        expect.stringMatching(/unknown upstream order status/),
      );
    } finally {
      warn.mockRestore();
    }
    expect(await tb.reload(placed.id)).toMatchObject({ status: "placed", upstreamStatus: "on_hold" });
    expect((await tb.events(placed.id)).at(-1)).toMatchObject({
      type: "upstream_status",
      message: "Supplier status: on_hold",
    });
  });

  it("answers orderId null for an order the shop does not have", async () => {
    const placed = await placedTopup();
    const record = await tb.clients.commerce.getOrder(placed.upstreamOrderId!);
    expect(
      await applyCommerceOrder(
        tb.db,
        { ...record, order_id: "ord_999999" },
        { source: "webhook", connectionId: await tb.commerceConnection() },
      ),
    ).toEqual({ orderId: null, changed: false });
  });
});

describe("payment-link orders", () => {
  async function linkOrder() {
    const quote = await quoteCommerceOrder(
      { type: "topup", priceToken: (await tb.eeAirtime())[2]!.token, phone: WORKING_UK_MOBILE },
      { db: tb.db, commerce: tb.clients.commerce, mode: "payment_link" },
    );
    // The buyer pays the upstream's own total: no shop margin is possible.
    expect(quote.pricing.totalMinor).toBe(quote.upstream.totalMinor);
    return createOrder(tb.db, {
      productType: "topup",
      submissionId: randomUUID(),
      customerEmail: "link@example.com",
      detail: quote.detail as Prisma.InputJsonValue,
      pricing: quote.pricing,
      upstreamMode: "payment_link",
    });
  }

  it("creates the checkout once (two tabs get the same link), keeps the hash on the server, and learns the order by polling", async () => {
    const order = await linkOrder();
    const [a, b] = await Promise.all([
      startPaymentLinkOrder(tb.db, order.id, { commerce: tb.clients.commerce }),
      startPaymentLinkOrder(tb.db, order.id, { commerce: tb.clients.commerce }),
    ]);
    expect(a.paymentLink).toContain("/v2/checkout/");
    expect(b).toEqual(a);
    expect(await startPaymentLinkOrder(tb.db, order.id, { commerce: tb.clients.commerce })).toEqual(a);
    const stored = await tb.reload(order.id);
    expect(stored.checkoutHash).toMatch(/^[0-9a-f]{32,64}$/);
    // Only the upstream's own link carries it (the emulator puts the hash in the URL); the
    // order's data never holds it as a field a page could show.
    expect(JSON.stringify(stored.detail).replace(a.paymentLink, "")).not.toContain(stored.checkoutHash!);
    expect(stored.status).toBe("awaiting_payment");
    // One mail with the way back to pay (three calls, one checkout): to the shop's order page,
    // never the supplier's checkout host.
    const [payMail, ...moreMails] = await tb.db.mailOutbox.findMany({ where: { orderId: order.id } });
    expect(moreMails).toHaveLength(0);
    expect(payMail).toMatchObject({
      kind: "payment_link",
      to: order.customerEmail,
      subject: `Complete your payment for order ${order.ref}`,
    });
    expect(payMail!.body).toContain(`/orders/${order.ref}`);
    expect(payMail!.body).not.toContain(a.paymentLink);

    // Not paid yet: the worker asks and waits.
    await worker(15_000);
    expect((await tb.reload(order.id)).status).toBe("awaiting_payment");

    const debitsBefore = (await tb.ledger()).filter((e) => e.account === "acct_shop" && e.kind === "debit").length;
    await tb.control("POST", `/commerce/checkout/${stored.checkoutHash}/pay`);
    await worker(60_000);
    const placed = await tb.reload(order.id);
    expect(placed).toMatchObject({ status: "placed", upstreamOrderId: expect.stringMatching(/^ord_/) });
    expect(placed.paidAt).toBeInstanceOf(Date);
    await tb.advanceClock(5_000);
    await worker(120_000);
    expect((await tb.reload(order.id)).status).toBe("fulfilled");
    // The buyer paid by card at the upstream: the shop's credits were not touched.
    expect((await tb.ledger()).filter((e) => e.account === "acct_shop" && e.kind === "debit").length).toBe(
      debitsBefore,
    );
  });

  it("learns the order id from the webhook alone (matched by checkout hash)", async () => {
    const order = await linkOrder();
    await startPaymentLinkOrder(tb.db, order.id, { commerce: tb.clients.commerce });
    const { checkoutHash } = await tb.reload(order.id);
    await tb.control("POST", `/commerce/checkout/${checkoutHash}/pay`);
    const [row] = (await tb.clients.commerce.listOrders({ checkout_hash: checkoutHash! })).items;
    expect(
      await applyCommerceOrder(tb.db, row!, {
        source: "webhook",
        actor: "evt_link",
        connectionId: await tb.commerceConnection(),
      }),
    ).toEqual({ orderId: order.id, changed: true });
    expect(await tb.reload(order.id)).toMatchObject({ status: "placed", upstreamOrderId: row!.order_id });
  });

  it("cancels the local order when the checkout expires unpaid", async () => {
    const order = await linkOrder();
    await startPaymentLinkOrder(tb.db, order.id, { commerce: tb.clients.commerce });
    await worker(2 * 60 * 60_000);
    expect(await tb.reload(order.id)).toMatchObject({
      status: "cancelled",
      statusReason: expect.stringMatching(/payment link expired/),
    });
  });
});
