import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { createOrder } from "@/lib/orders/create";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { startCheckoutWith } from "@/lib/payments/checkout";
import { sandboxProvider } from "@/lib/payments/sandbox";
import { markPaymentSucceeded } from "@/lib/payments/succeed";
import { placementRecorder } from "@/lib/payments/testing";
import { startOrderTestbed, WORKING_UK_MOBILE, type OrderTestbed } from "@/testing/orders";
import { startWorkerProcess, waitForWorker } from "@/testing/worker-process";

// The standalone worker (`npm run worker`) is killed after an order it placed moved to failed
// and before the buyer's refund: after the restart the buyer is refunded once. The refund owed
// is written with the failure (lib/orders/refund-due.ts) and made at the start of a later round
// (lib/payments/refund-tasks.ts); with rounds 10 minutes apart, the kill lands between the two.

let tb: OrderTestbed;
beforeAll(async () => void (tb = await startOrderTestbed()), 60_000);
afterAll(() => tb?.close());

/** A top-up paid through the sandbox checkout whose price token the supplier refuses: placing it fails it. */
async function paidTopupTheSupplierRefuses(): Promise<{ orderId: string; paymentId: string }> {
  const [, , working] = await tb.eeAirtime();
  const quote = await quoteCommerceOrder(
    { type: "topup", priceToken: working!.token, phone: WORKING_UK_MOBILE },
    { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
  );
  const order = await createOrder(tb.db, {
    productType: "topup",
    submissionId: randomUUID(),
    customerEmail: "buyer@example.com",
    detail: {
      ...(quote.detail as Record<string, unknown>),
      priceToken: "tp_000000000000000000000000",
    } as Prisma.InputJsonValue,
    pricing: quote.pricing,
  });
  const { paymentId } = await startCheckoutWith(tb.db, order.id, {
    provider: sandboxProvider,
    lifetimeMs: 30 * 60_000,
  });
  // Paid, and left for the worker to place.
  const paid = await markPaymentSucceeded(tb.db, paymentId!, {
    source: "buyer",
    afterPaid: placementRecorder().afterPaid,
  });
  expect(paid.outcome).toBe("paid");
  return { orderId: order.id, paymentId: paymentId! };
}

describe("npm run worker killed between an order's failure and its refund", () => {
  it("refunds the buyer once after the restart", async () => {
    const { orderId, paymentId } = await paidTopupTheSupplierRefuses();
    const order = () => tb.db.order.findUniqueOrThrow({ where: { id: orderId } });
    const task = () => tb.db.refundTask.findUnique({ where: { orderId } });

    const first = startWorkerProcess(tb, {
      PAYMENT_PROVIDER: "sandbox",
      SMTP_URL: "",
      ORDER_WORKER_INTERVAL_MS: "600000",
    });
    try {
      await waitForWorker("the order's failure", async () => (await order()).status === "failed", first.output, 90_000);
      // Failed and owed, not refunded yet: the refund belongs to the next round, 10 minutes away.
      expect(await task()).toMatchObject({ status: "pending", attempts: 0 });
      first.child.kill("SIGKILL");
      await first.exited;
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill("SIGKILL");
    }
    expect(await order()).toMatchObject({ status: "failed", statusReason: expect.stringMatching(/Refund pending/) });
    expect((await tb.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("succeeded");
    expect(await task()).toMatchObject({ status: "pending" });

    const second = startWorkerProcess(tb, {
      PAYMENT_PROVIDER: "sandbox",
      SMTP_URL: "",
      ORDER_WORKER_INTERVAL_MS: "600000",
    });
    try {
      await waitForWorker("the refund", async () => (await task())?.status === "done", second.output, 90_000);
      // The refund's mail goes out in the same round (the log transport: no SMTP server here).
      await waitForWorker(
        "the refund's mail",
        async () => (await tb.db.mailOutbox.count({ where: { orderId, kind: "refunded", status: "sent" } })) > 0,
        second.output,
        90_000,
      );
      second.child.kill("SIGTERM");
      await second.exited;
    } finally {
      if (second.child.exitCode === null && second.child.signalCode === null) second.child.kill("SIGKILL");
    }

    expect(await order()).toMatchObject({ status: "refunded" });
    expect((await tb.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("refunded");
    const events = await tb.events(orderId);
    expect(events.filter((e) => e.toStatus === "refunded")).toEqual([
      expect.objectContaining({ type: "refund", source: "worker", fromStatus: "failed" }),
    ]);
    expect(events.filter((e) => e.type === "refund_failed")).toEqual([]);
    expect(await tb.db.mailOutbox.count({ where: { orderId, kind: "refunded" } })).toBe(1);
    expect(await tb.db.mailOutbox.count({ where: { orderId, kind: "failed" } })).toBe(1);
  }, 240_000);
});
