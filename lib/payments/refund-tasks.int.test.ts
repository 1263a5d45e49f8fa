import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, Payment } from "@/lib/db/generated/sqlite/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { transition } from "@/lib/orders/lifecycle";
import { REFUND_PENDING } from "@/lib/orders/refund-due";
import { startCheckoutWith } from "./checkout";
import type { ProviderLookup } from "./providers";
import { refundPayment } from "./refund";
import { MAX_REFUND_ATTEMPTS, REFUND_FAILED_MESSAGE, runRefundTasks } from "./refund-tasks";
import { sandboxProvider } from "./sandbox";
import { markPaymentSucceeded } from "./succeed";
import { orderAwaitingPayment, placementRecorder } from "./testing";

// The buyer's refund after a failed order, on a real database (SQLite, or PostgreSQL with
// TEST_POSTGRES_URL): the transition that fails the order owes the refund in its own
// transaction, so a process that dies right after it (here: no runner runs) loses nothing; the
// worker's step makes it once, however often and by however many runners it runs.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.cleanup();
});

const MINUTE = 60_000;

/** The sandbox, counting its refunds per payment; `fail` makes it refuse them. */
function countingProviders(options: { fail?: boolean } = {}) {
  const refunds: string[] = [];
  const providers: ProviderLookup = async () => ({
    ...sandboxProvider,
    async refund(payment: Payment) {
      if (options.fail) throw new Error("provider timeout");
      refunds.push(payment.id);
    },
  });
  return { providers, refunds };
}

/** An order paid through the sandbox checkout that the supplier then failed, as placement fails it. */
async function failedAfterPayment(): Promise<{ order: Order; paymentId: string }> {
  const created = await orderAwaitingPayment(t.db);
  const { paymentId } = await startCheckoutWith(t.db, created.id, {
    provider: sandboxProvider,
    lifetimeMs: 30 * MINUTE,
  });
  await markPaymentSucceeded(t.db, paymentId!, { source: "buyer", afterPaid: placementRecorder().afterPaid });
  await transition(t.db, { orderId: created.id, from: "paid", to: "placing", source: "worker" });
  const order = await transition(t.db, {
    orderId: created.id,
    from: "placing",
    to: "failed",
    source: "worker",
    patch: { statusReason: `The supplier refused the order. ${REFUND_PENDING}` },
  });
  return { order: order!, paymentId: paymentId! };
}

const task = (orderId: string) => t.db.refundTask.findUniqueOrThrow({ where: { orderId } });
const refundEvents = (orderId: string) => t.db.orderEvent.findMany({ where: { orderId, toStatus: "refunded" } });
const staffEvents = (orderId: string) => t.db.orderEvent.findMany({ where: { orderId, type: "refund_failed" } });
const refundMails = (orderId: string) => t.db.mailOutbox.count({ where: { orderId, kind: "refunded" } });

describe("a refund owed after a failed order", () => {
  it("is written with the failure, survives a stop before the refund, and is made once by the runner", async () => {
    const { order, paymentId } = await failedAfterPayment();
    // The process "crashed" right after the failure: nothing but the transition ran.
    expect(await task(order.id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "failed",
      statusReason: `The supplier refused the order. ${REFUND_PENDING}`,
    });
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("succeeded");

    const { providers, refunds } = countingProviders();
    const first = await runRefundTasks(t.db, { runnerId: "worker-1", providers });
    expect(first.refunded).toBeGreaterThanOrEqual(1);
    expect(refunds).toEqual([paymentId]);
    expect(await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "refunded",
      statusReason: "The supplier refused the order. Your payment was refunded.",
    });
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("refunded");
    expect(await task(order.id)).toMatchObject({ status: "done", leaseOwner: null, error: null });
    expect(await refundEvents(order.id)).toEqual([
      expect.objectContaining({ fromStatus: "failed", source: "worker", actor: "worker-1", type: "refund" }),
    ]);

    // Run again: nothing is due, nothing happens twice.
    await runRefundTasks(t.db, { runnerId: "worker-2", providers });
    expect(refunds).toEqual([paymentId]);
    expect(await refundEvents(order.id)).toHaveLength(1);
    expect(await refundMails(order.id)).toBe(1);
    expect(await staffEvents(order.id)).toHaveLength(0);
  });

  it("is made by exactly one of two runners racing for it", async () => {
    const { order, paymentId } = await failedAfterPayment();
    const { providers, refunds } = countingProviders();
    await Promise.all([
      runRefundTasks(t.db, { runnerId: "runner-a", providers }),
      runRefundTasks(t.db, { runnerId: "runner-b", providers }),
    ]);
    expect(refunds.filter((id) => id === paymentId)).toHaveLength(1);
    expect(await refundEvents(order.id)).toHaveLength(1);
    expect(await refundMails(order.id)).toBe(1);
    expect(await task(order.id)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("is retried with backoff when the provider fails, then left to staff with one event", async () => {
    const { order, paymentId } = await failedAfterPayment();
    const failing = countingProviders({ fail: true });
    let now = new Date();
    await runRefundTasks(t.db, { runnerId: "worker-1", providers: failing.providers, now });
    const waiting = await task(order.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, leaseOwner: null });
    expect(waiting.error).toMatch(/did not confirm|could not be sent/);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    expect(await staffEvents(order.id)).toHaveLength(0);
    // Not due again before its backoff.
    await runRefundTasks(t.db, { runnerId: "worker-1", providers: failing.providers, now });
    expect((await task(order.id)).attempts).toBe(1);

    for (let attempt = 2; attempt <= MAX_REFUND_ATTEMPTS; attempt++) {
      now = new Date((await task(order.id)).nextAttemptAt.getTime() + 1);
      await runRefundTasks(t.db, { runnerId: "worker-1", providers: failing.providers, now });
      expect((await task(order.id)).attempts).toBe(attempt);
    }
    expect(await task(order.id)).toMatchObject({ status: "failed", attempts: MAX_REFUND_ATTEMPTS });
    const events = await staffEvents(order.id);
    expect(events).toEqual([expect.objectContaining({ message: REFUND_FAILED_MESSAGE, source: "worker" })]);
    // Given up: later rounds leave it (and staff's event) alone.
    await runRefundTasks(t.db, {
      runnerId: "worker-1",
      providers: failing.providers,
      now: new Date(now.getTime() + 24 * 60 * MINUTE),
    });
    expect(await staffEvents(order.id)).toHaveLength(1);
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("succeeded");
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("failed");
  });

  it("goes to staff at once when no retry can help (no payment to refund)", async () => {
    const created = await orderAwaitingPayment(t.db);
    // Paid without a Payment row (the order's payment went missing): refundPayment refuses.
    await transition(t.db, {
      orderId: created.id,
      from: "awaiting_payment",
      to: "paid",
      source: "system",
      patch: { paidAt: new Date() },
    });
    await transition(t.db, { orderId: created.id, from: "paid", to: "placing", source: "worker" });
    await transition(t.db, { orderId: created.id, from: "placing", to: "failed", source: "worker" });
    await runRefundTasks(t.db, { runnerId: "worker-1", providers: countingProviders().providers });
    expect(await task(created.id)).toMatchObject({ status: "failed", attempts: 1 });
    expect(await staffEvents(created.id)).toHaveLength(1);
  });

  it("is owed again when the order fails again after staff took it back", async () => {
    const { order } = await failedAfterPayment();
    const failing = countingProviders({ fail: true });
    // Given up at once: the provider keeps failing and the attempts run out.
    await t.db.refundTask.update({ where: { orderId: order.id }, data: { attempts: MAX_REFUND_ATTEMPTS - 1 } });
    await runRefundTasks(t.db, { runnerId: "worker-1", providers: failing.providers });
    expect((await task(order.id)).status).toBe("failed");

    await transition(t.db, { orderId: order.id, from: "failed", to: "needs_attention", source: "staff" });
    await transition(t.db, { orderId: order.id, from: "needs_attention", to: "failed", source: "staff" });
    expect(await task(order.id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await t.db.refundTask.count({ where: { orderId: order.id } })).toBe(1);
    const { providers, refunds } = countingProviders();
    await runRefundTasks(t.db, { runnerId: "worker-1", providers });
    expect(refunds).toHaveLength(1);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("refunded");
  });

  it("is closed without a second refund when staff refunded the order first", async () => {
    const { order } = await failedAfterPayment();
    const { providers, refunds } = countingProviders();
    await refundPayment(t.db, order.id, { source: "staff", reason: "refunded by hand", providers });
    await runRefundTasks(t.db, { runnerId: "worker-1", providers });
    expect(refunds).toHaveLength(1);
    expect(await task(order.id)).toMatchObject({ status: "done" });
    expect(await refundEvents(order.id)).toHaveLength(1);
  });

  it("is not owed for an order nobody paid the shop for", async () => {
    const created = await orderAwaitingPayment(t.db);
    await transition(t.db, { orderId: created.id, from: "awaiting_payment", to: "cancelled", source: "system" });
    expect(await t.db.refundTask.count({ where: { orderId: created.id } })).toBe(0);
  });
});
