import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { createOrder } from "@/lib/orders/create";
import { placeOrder, resumeOrder } from "@/lib/orders/placement";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { startOrderTestbed, WORKING_UK_MOBILE, type OrderTestbed } from "@/testing/orders";
import { runWorkerOnce } from "@/lib/orders/worker";
import { startCheckoutWith } from "./checkout";
import { refundPayment, REFUND_NOT_CONFIRMED } from "./refund";
import { sandboxProvider } from "./sandbox";
import { markPaymentSucceeded } from "./succeed";
import { placementRecorder } from "./testing";
import type { PaymentProvider } from "./types";

// A refund that called the provider first and moved the order afterwards would race the worker,
// which can claim the paid order (paid → placing) in between: the buyer would get the money back
// AND the shop would pay the supplier. Here the provider's refund is held
// open while the worker (and a direct placeOrder) try to place the same order, on a real
// database and the in-process emulator (its ledger shows any debit).

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());
beforeEach(async () => {
  await tb.clearFaults();
});

const shopDebits = async () =>
  (await tb.ledger()).filter((e) => e.api === "commerce" && e.account === "acct_shop" && e.kind === "debit").length;
const worker = (workerId = "race-worker") => runWorkerOnce(tb.db, { workerId, clients: tb.clients });

/** A top-up the buyer paid through the sandbox checkout (a real Payment row), not yet placed. */
async function paidTopupWithPayment(): Promise<{ order: Order; paymentId: string }> {
  const [, , working] = await tb.eeAirtime();
  const quote = await quoteCommerceOrder(
    { type: "topup", priceToken: working!.token, phone: WORKING_UK_MOBILE },
    { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
  );
  const created = await createOrder(tb.db, {
    productType: "topup",
    submissionId: randomUUID(),
    customerEmail: "buyer@example.com",
    detail: quote.detail as Prisma.InputJsonValue,
    pricing: quote.pricing,
  });
  const { paymentId } = await startCheckoutWith(tb.db, created.id, {
    provider: sandboxProvider,
    lifetimeMs: 30 * 60_000,
  });
  // The placement kick is recorded, not run: the test decides who places the order and when.
  const paid = await markPaymentSucceeded(tb.db, paymentId!, {
    source: "buyer",
    afterPaid: placementRecorder().afterPaid,
  });
  expect(paid.outcome).toBe("paid");
  return { order: await tb.reload(created.id), paymentId: paymentId! };
}

/** A sandbox provider whose refund waits until `release()`; `entered` settles once the refund call started. */
function slowProvider(options: { fail?: boolean } = {}) {
  let release!: () => void;
  let entered!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const started = new Promise<void>((resolve) => (entered = resolve));
  let calls = 0;
  const provider: PaymentProvider = {
    ...sandboxProvider,
    async refund(payment, input) {
      calls++;
      entered();
      await gate;
      if (options.fail) throw new Error("provider timed out");
      return sandboxProvider.refund(payment, input);
    },
  };
  return { providers: async () => provider, release, started, calls: () => calls };
}

describe("a refund racing the placement of the same paid order", () => {
  it("never both refunds the buyer and places the order with the supplier", async () => {
    const { order, paymentId } = await paidTopupWithPayment();
    const debitsBefore = await shopDebits();
    const slow = slowProvider();

    const refund = refundPayment(tb.db, order.id, {
      source: "staff",
      reason: "buyer asked",
      providers: slow.providers,
    });
    await slow.started;
    // While the provider is refunding, the worker's round (and the payment's placement kick) run.
    const round = await worker();
    const direct = await placeOrder(tb.db, order.id, {
      source: "buyer",
      clients: tb.clients,
    });
    slow.release();
    const result = await refund.then(
      (r) => r,
      (error: unknown) => error,
    );

    const after = await tb.reload(order.id);
    const payment = await tb.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
    const debited = (await shopDebits()) - debitsBefore;
    // Today's bug: the money went back (payment refunded) and the supplier was paid (a debit).
    expect({ paymentRefunded: payment.status === "refunded", supplierDebits: debited }).not.toEqual({
      paymentRefunded: true,
      supplierDebits: 1,
    });
    // With the claim: the refund wins, nothing is placed, nothing is debited.
    expect(result).toEqual({ outcome: "refunded", paymentId });
    expect(round.placed).toBe(0);
    expect(direct).toBeNull();
    expect(debited).toBe(0);
    expect(after).toMatchObject({ status: "refunded", upstreamOrderId: null, leaseOwner: null, leaseUntil: null });
    expect(payment.status).toBe("refunded");
    const events = await tb.events(order.id);
    expect(events.map((e) => e.toStatus).filter(Boolean)).not.toContain("placing");
    expect(events.map((e) => e.type)).toContain("refund_started");
  });

  it("refuses a refund while the order is being placed, with the existing clear message, and places it once", async () => {
    const { order, paymentId } = await paidTopupWithPayment();
    const debitsBefore = await shopDebits();
    // The create takes a while: the refund comes in while the order is `placing`.
    await tb.fault({ method: "POST", path: "/v2/orders", kind: "latency", latencyMs: 1_500, times: 1 });
    const placing = placeOrder(tb.db, order.id, {
      source: "buyer",
      clients: tb.clients,
    });
    await expect
      .poll(async () => (await tb.reload(order.id)).status, { timeout: 20_000, interval: 20 })
      .toBe("placing");

    const slow = slowProvider();
    slow.release();
    await expect(
      refundPayment(tb.db, order.id, { source: "staff", reason: "buyer asked", providers: slow.providers }),
    ).rejects.toMatchObject({
      code: "not_refundable",
      userMessage: "An order that is placing cannot be refunded now.",
    });
    expect(slow.calls()).toBe(0);

    expect(await placing).toMatchObject({ status: "placed" });
    expect((await shopDebits()) - debitsBefore).toBe(1);
    expect((await tb.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("succeeded");
  });

  it("a refund the provider does not confirm leaves the order waiting for staff, never placed by itself, and a second refund completes it", async () => {
    const { order, paymentId } = await paidTopupWithPayment();
    const debitsBefore = await shopDebits();
    const failing = slowProvider({ fail: true });
    failing.release();
    await expect(
      refundPayment(tb.db, order.id, { source: "staff", reason: "buyer asked", providers: failing.providers }),
    ).rejects.toMatchObject({ code: "provider_unavailable" });

    const parked = await tb.reload(order.id);
    expect(parked).toMatchObject({
      status: "needs_attention",
      statusReason: REFUND_NOT_CONFIRMED,
      leaseOwner: null,
      nextPollAt: null,
    });
    expect((await tb.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("succeeded");
    expect((await tb.events(order.id)).map((e) => e.type)).toContain("refund_failed");
    // The worker leaves it alone (the refund may have gone out: only staff decide).
    expect((await worker()).placed).toBe(0);
    expect(await shopDebits()).toBe(debitsBefore);

    expect(await refundPayment(tb.db, order.id, { source: "staff", reason: "buyer asked" })).toEqual({
      outcome: "refunded",
      paymentId,
    });
    expect(await tb.reload(order.id)).toMatchObject({ status: "refunded", leaseOwner: null });
  });

  it("a parked order being refunded cannot be resumed meanwhile", async () => {
    const { order, paymentId } = await paidTopupWithPayment();
    // Park it the way the order core does (e.g. the price moved), then refund it slowly.
    await tb.db.order.update({
      where: { id: order.id },
      data: { status: "needs_attention", statusReason: "The supplier's price went up after you paid." },
    });
    const debitsBefore = await shopDebits();
    const slow = slowProvider();
    const refund = refundPayment(tb.db, order.id, {
      source: "staff",
      reason: "price moved",
      providers: slow.providers,
    });
    await slow.started;
    expect(
      await resumeOrder(tb.db, order.id, { source: "staff", clients: tb.clients, acceptCurrentPrice: true }),
    ).toBeNull();
    slow.release();
    expect(await refund).toEqual({ outcome: "refunded", paymentId });
    expect(await shopDebits()).toBe(debitsBefore);
    expect(await tb.reload(order.id)).toMatchObject({
      status: "refunded",
      statusReason: "The supplier's price went up after you paid.",
      leaseOwner: null,
    });
  });
});
