import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { startCheckoutWith } from "./checkout";
import { markPaidAtCounter } from "./counter";
import { runPaymentHousekeeping } from "./housekeeping";
import { expireAbandonedPayments, markPaymentDeclined } from "./lapse";
import { refundPayment } from "./refund";
import { sandboxProvider } from "./sandbox";
import { markPaymentSucceeded } from "./succeed";
import { orderAwaitingPayment, placementRecorder } from "./testing";
import { PaymentError } from "./types";

// Paying the shop with the sandbox and at the counter, on a real database: every way a buyer
// (or two tabs, or a crash) can hit a payment, checked in the Payment and Order tables and the
// order's timeline afterwards.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.cleanup();
});

const MINUTE = 60_000;
const sandbox = (now = new Date()) => ({ provider: sandboxProvider, lifetimeMs: 30 * MINUTE, now });

async function paidTransitions(orderId: string) {
  return t.db.orderEvent.count({ where: { orderId, toStatus: "paid" } });
}

describe("startCheckout", () => {
  it("opens one pending payment for the order's total, expiring after the checkout lifetime, and offers it again", async () => {
    const order = await orderAwaitingPayment(t.db, { totalMinor: 1650 });
    const now = new Date();
    const first = await startCheckoutWith(t.db, order.id, sandbox(now));
    expect(first.paymentId).toMatch(/^pay_[A-Za-z0-9_-]{24}$/);
    expect(first.redirectUrl).toBe(`/pay/${first.paymentId}`);
    const payment = await t.db.payment.findUniqueOrThrow({ where: { id: first.paymentId! } });
    expect(payment).toMatchObject({
      orderId: order.id,
      provider: "sandbox",
      status: "pending",
      amount: 1650,
      currency: "EUR",
    });
    expect(payment.expiresAt!.getTime() - now.getTime()).toBe(30 * MINUTE);

    // A refresh or a second tab gets the same attempt, not a second one.
    const again = await startCheckoutWith(t.db, order.id, sandbox());
    expect(again).toMatchObject({ paymentId: first.paymentId, reused: true });
    expect(await t.db.payment.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("sends a paid order to its order page without opening a payment", async () => {
    const order = await orderAwaitingPayment(t.db);
    const { paymentId } = await startCheckoutWith(t.db, order.id, sandbox());
    await markPaymentSucceeded(t.db, paymentId!, { source: "buyer", afterPaid: placementRecorder().afterPaid });
    const result = await startCheckoutWith(t.db, order.id, sandbox());
    expect(result).toEqual({ paymentId: null, redirectUrl: `/orders/${order.ref}`, reused: false });
    expect(await t.db.payment.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("refuses an unknown order with a message for the buyer", async () => {
    await expect(startCheckoutWith(t.db, "no-such-order", sandbox())).rejects.toBeInstanceOf(PaymentError);
  });
});

describe("markPaymentSucceeded", () => {
  it("pays the order exactly once when the same payment is paid from several tabs at the same moment", async () => {
    const order = await orderAwaitingPayment(t.db);
    const { paymentId } = await startCheckoutWith(t.db, order.id, sandbox());
    const placement = placementRecorder();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        markPaymentSucceeded(t.db, paymentId!, { source: "buyer", afterPaid: placement.afterPaid }),
      ),
    );

    expect(results.filter((r) => r.outcome === "paid")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "already_paid")).toHaveLength(5);
    expect(placement.calls).toEqual([order.id]);
    const after = await t.db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(after.status).toBe("paid");
    expect(after.paidAt).not.toBeNull();
    expect(after.nextPollAt).not.toBeNull();
    expect(await paidTransitions(order.id)).toBe(1);
    expect(await t.db.payment.findMany({ where: { orderId: order.id }, select: { status: true } })).toEqual([
      { status: "succeeded" },
    ]);
  });

  it("keeps one of two different payments that succeed at once and gives the other back", async () => {
    const order = await orderAwaitingPayment(t.db);
    // Two tabs that each opened their own attempt (the second started after the first lapsed for it).
    const a = await t.db.payment.create({
      data: {
        id: "pay_aaaaaaaaaaaaaaaaaaaaaaaa",
        orderId: order.id,
        provider: "sandbox",
        amount: 1650,
        currency: "EUR",
        expiresAt: new Date(Date.now() + MINUTE * 30),
      },
    });
    const b = await t.db.payment.create({
      data: {
        id: "pay_bbbbbbbbbbbbbbbbbbbbbbbb",
        orderId: order.id,
        provider: "sandbox",
        amount: 1650,
        currency: "EUR",
        expiresAt: new Date(Date.now() + MINUTE * 30),
      },
    });
    const placement = placementRecorder();
    const results = await Promise.all(
      [a, b].map((p) => markPaymentSucceeded(t.db, p.id, { source: "buyer", afterPaid: placement.afterPaid })),
    );

    expect(results.map((r) => r.outcome).sort()).toEqual(["paid", "surplus"]);
    expect(placement.calls).toHaveLength(1);
    expect(await paidTransitions(order.id)).toBe(1);
    const statuses = (await t.db.payment.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } })).map(
      (p) => p.status,
    );
    expect(statuses.sort()).toEqual(["refunded", "succeeded"]);
    expect(await t.db.orderEvent.count({ where: { orderId: order.id, type: "payment_refunded" } })).toBe(1);

    // The surplus payment confirmed again later (a repeated webhook) stays refunded and changes nothing.
    const surplus = await t.db.payment.findFirstOrThrow({ where: { orderId: order.id, status: "refunded" } });
    expect(
      await markPaymentSucceeded(t.db, surplus.id, {
        source: "webhook",
        acceptLate: true,
        afterPaid: placement.afterPaid,
      }),
    ).toEqual({ outcome: "not_payable", status: "refunded" });
    expect(placement.calls).toHaveLength(1);
  });

  it("declined, then paid on a new attempt: one success, the order paid once", async () => {
    const order = await orderAwaitingPayment(t.db);
    const first = await startCheckoutWith(t.db, order.id, sandbox());
    expect(
      await markPaymentDeclined(t.db, first.paymentId!, { source: "buyer", reason: "test card declined" }),
    ).toEqual({ outcome: "declined" });
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("awaiting_payment");
    const declinedEvent = await t.db.orderEvent.findFirstOrThrow({
      where: { orderId: order.id, type: "payment_declined" },
    });
    expect(declinedEvent.message).toContain("Nothing was charged");

    // The declined attempt cannot be paid any more, and it is not offered again.
    expect(await markPaymentSucceeded(t.db, first.paymentId!, { source: "buyer" })).toEqual({
      outcome: "not_payable",
      status: "declined",
    });
    const retry = await startCheckoutWith(t.db, order.id, sandbox());
    expect(retry.paymentId).not.toBe(first.paymentId);

    const placement = placementRecorder();
    expect(
      (await markPaymentSucceeded(t.db, retry.paymentId!, { source: "buyer", afterPaid: placement.afterPaid })).outcome,
    ).toBe("paid");
    expect(placement.calls).toEqual([order.id]);
    const payments = await t.db.payment.findMany({ where: { orderId: order.id }, orderBy: { createdAt: "asc" } });
    expect(payments.map((p) => p.status)).toEqual(["declined", "succeeded"]);
  });
});

describe("abandoned payments", () => {
  it("expire at expiresAt; the order is cancelled with a 'payment abandoned' event and can no longer be paid", async () => {
    const order = await orderAwaitingPayment(t.db);
    const start = new Date();
    const { paymentId } = await startCheckoutWith(t.db, order.id, sandbox(start));

    // Not yet due: nothing happens. (Other tests' attempts in this database may lapse too.)
    await expireAbandonedPayments(t.db, new Date(start.getTime() + 29 * MINUTE));
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: paymentId! } })).status).toBe("pending");

    const report = await expireAbandonedPayments(t.db, new Date(start.getTime() + 31 * MINUTE));
    expect(report.expiredPayments).toBeGreaterThanOrEqual(1);
    expect(report.cancelledOrders).toBeGreaterThanOrEqual(1);
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: paymentId! } })).status).toBe("expired");
    const after = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, include: { events: true } });
    expect(after.status).toBe("cancelled");
    expect(after.events.find((e) => e.toStatus === "cancelled")).toMatchObject({
      type: "payment_abandoned",
      source: "system",
    });

    // A late click on the old checkout: not paid, nothing placed.
    const placement = placementRecorder();
    expect(await markPaymentSucceeded(t.db, paymentId!, { source: "buyer", afterPaid: placement.afterPaid })).toEqual({
      outcome: "not_payable",
      status: "expired",
    });
    expect(placement.calls).toEqual([]);
    // And a second run leaves it as it is: one cancellation in the timeline.
    await expireAbandonedPayments(t.db, new Date(start.getTime() + 60 * MINUTE));
    expect(await t.db.orderEvent.count({ where: { orderId: order.id, toStatus: "cancelled" } })).toBe(1);
  });

  it("a click after the expiry time (before the job ran) is refused and lapses the attempt at once", async () => {
    const order = await orderAwaitingPayment(t.db);
    const start = new Date();
    const { paymentId } = await startCheckoutWith(t.db, order.id, sandbox(start));
    const late = new Date(start.getTime() + 31 * MINUTE);
    expect(await markPaymentSucceeded(t.db, paymentId!, { source: "buyer", now: late })).toEqual({
      outcome: "not_payable",
      status: "expired",
    });
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("cancelled");
  });

  it("an order whose only attempt was declined is cancelled once that attempt's window has passed", async () => {
    const order = await orderAwaitingPayment(t.db);
    const start = new Date();
    const { paymentId } = await startCheckoutWith(t.db, order.id, sandbox(start));
    await markPaymentDeclined(t.db, paymentId!, { source: "buyer" });
    await expireAbandonedPayments(t.db, new Date(start.getTime() + 10 * MINUTE));
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("awaiting_payment");
    await expireAbandonedPayments(t.db, new Date(start.getTime() + 31 * MINUTE));
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("cancelled");
  });

  it("an order with another open attempt is not cancelled when one attempt expires", async () => {
    const order = await orderAwaitingPayment(t.db);
    const start = new Date();
    const old = await startCheckoutWith(t.db, order.id, sandbox(start));
    // Near its expiry the old attempt is not offered again: a new one opens.
    const fresh = await startCheckoutWith(t.db, order.id, sandbox(new Date(start.getTime() + 27 * MINUTE)));
    expect(fresh.paymentId).not.toBe(old.paymentId);
    const report = await expireAbandonedPayments(t.db, new Date(start.getTime() + 31 * MINUTE));
    expect(report.expiredPayments).toBeGreaterThanOrEqual(1);
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: old.paymentId! } })).status).toBe("expired");
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("awaiting_payment");
  });
});

describe("runPaymentHousekeeping", () => {
  it("finishes a payment that succeeded while its order stayed awaiting payment (a crash between the two steps)", async () => {
    const order = await orderAwaitingPayment(t.db);
    const { paymentId } = await startCheckoutWith(t.db, order.id, sandbox());
    // The first step happened, then the process died.
    await t.db.payment.update({ where: { id: paymentId! }, data: { status: "succeeded" } });
    const placement = placementRecorder();
    const report = await runPaymentHousekeeping(t.db, new Date(), { afterPaid: placement.afterPaid });
    expect(report.repairedOrders).toBeGreaterThanOrEqual(1);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("paid");
    expect(placement.calls).toContain(order.id);
    // The buyer's repeated click now is a no-op.
    expect((await markPaymentSucceeded(t.db, paymentId!, { source: "buyer" })).outcome).toBe("already_paid");
  });
});

describe("refundPayment", () => {
  it("refunds the paying payment and moves the order to refunded, once", async () => {
    const order = await orderAwaitingPayment(t.db);
    const { paymentId } = await startCheckoutWith(t.db, order.id, sandbox());
    await markPaymentSucceeded(t.db, paymentId!, { source: "buyer", afterPaid: placementRecorder().afterPaid });
    const staff = await t.db.user.create({ data: { email: `staff-${Date.now()}@shop.test`, role: "staff" } });

    const [first, second] = await Promise.all([
      refundPayment(t.db, order.id, { source: "staff", actor: staff.id, reason: "customer changed their mind" }),
      refundPayment(t.db, order.id, { source: "staff", actor: staff.id, reason: "customer changed their mind" }),
    ]);
    expect([first.outcome, second.outcome].sort()).toEqual(["already_refunded", "refunded"]);
    expect(await t.db.payment.findUniqueOrThrow({ where: { id: paymentId! } })).toMatchObject({
      status: "refunded",
      actor: staff.id,
    });
    const after = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, include: { events: true } });
    expect(after.status).toBe("refunded");
    expect(after.events.filter((e) => e.toStatus === "refunded")).toHaveLength(1);
    expect(after.events.find((e) => e.toStatus === "refunded")).toMatchObject({
      source: "staff",
      actor: staff.id,
      type: "refund",
    });
  });

  it("refuses an order that was never paid", async () => {
    const order = await orderAwaitingPayment(t.db);
    await expect(refundPayment(t.db, order.id, { source: "staff", reason: "x" })).rejects.toMatchObject({
      code: "not_refundable",
    });
  });
});

describe("markPaidAtCounter", () => {
  it("records one counter payment by the staff member and pays the order once, however often it is clicked", async () => {
    const order = await orderAwaitingPayment(t.db);
    const staff = await t.db.user.create({ data: { email: `counter-${Date.now()}@shop.test`, role: "staff" } });
    const placement = placementRecorder();
    const results = await Promise.all(
      [1, 2, 3].map(() => markPaidAtCounter(t.db, order.id, { staffUserId: staff.id, afterPaid: placement.afterPaid })),
    );
    expect(results.filter((r) => r.outcome === "paid")).toHaveLength(1);
    expect(placement.calls).toEqual([order.id]);
    const payments = await t.db.payment.findMany({ where: { orderId: order.id } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      provider: "counter",
      status: "succeeded",
      actor: staff.id,
      amount: order.retailAmount,
    });
    const paid = await t.db.orderEvent.findFirstOrThrow({ where: { orderId: order.id, toStatus: "paid" } });
    expect(paid).toMatchObject({ source: "staff", actor: staff.id });
  });

  it("refuses a customer account", async () => {
    const order = await orderAwaitingPayment(t.db);
    const customer = await t.db.user.create({ data: { email: `cust-${Date.now()}@shop.test`, role: "customer" } });
    await expect(markPaidAtCounter(t.db, order.id, { staffUserId: customer.id })).rejects.toMatchObject({
      code: "not_staff",
    });
    expect(await t.db.payment.count({ where: { orderId: order.id } })).toBe(0);
  });
});
