import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startCheckoutWith } from "@/lib/payments/checkout";
import { markPaymentDeclined } from "@/lib/payments/lapse";
import { sandboxProvider } from "@/lib/payments/sandbox";
import { orderAwaitingPayment } from "@/lib/payments/testing";
import { inFuture, startOrderTestbed, type OrderTestbed } from "@/testing/orders";
import { runWorkerOnce } from "./worker";

// What the worker leaves alone however many rounds pass, on the worker's own clock (minutes of
// rounds in a moment): an order whose payment was declined and one parked for staff send
// nothing upstream. The e2e specs check the visible outcome once (e2e/orders-payments.spec.ts,
// e2e/restart-recovery.spec.ts) and leave "nothing follows later" to this file.

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());
beforeEach(async () => {
  await tb.resetCounters();
});

/** Rounds from a few seconds to twenty minutes ahead (within a checkout's 30-minute life). */
const ROUNDS_MS = [2_000, 10_000, 60_000, 5 * 60_000, 20 * 60_000];

async function laterRounds(): Promise<number> {
  let claimed = 0;
  for (const ms of ROUNDS_MS) {
    const run = await runWorkerOnce(tb.db, { workerId: "later-rounds", now: inFuture(ms), clients: tb.clients });
    claimed += run.claimed;
  }
  return claimed;
}

const upstreamCalls = async () => Object.values(await tb.counters()).reduce((sum, n) => sum + n, 0);

describe("the worker's later rounds", () => {
  it("leave an order whose payment was declined awaiting payment, with nothing placed upstream", async () => {
    const order = await orderAwaitingPayment(tb.db);
    const checkout = await startCheckoutWith(tb.db, order.id, {
      provider: sandboxProvider,
      lifetimeMs: 30 * 60_000,
      now: new Date(),
    });
    expect(
      await markPaymentDeclined(tb.db, checkout.paymentId!, { source: "buyer", reason: "test card declined" }),
    ).toEqual({ outcome: "declined" });

    expect(await laterRounds()).toBe(0);
    expect(await tb.reload(order.id)).toMatchObject({ status: "awaiting_payment", upstreamOrderId: null });
    expect(await upstreamCalls()).toBe(0);
  });

  it("leave an order parked for staff (no next poll) untouched: no create, no status call", async () => {
    const order = await orderAwaitingPayment(tb.db);
    await tb.db.order.update({
      where: { id: order.id },
      data: { status: "needs_attention", statusReason: "parked for staff", nextPollAt: null },
    });

    expect(await laterRounds()).toBe(0);
    expect(await tb.reload(order.id)).toMatchObject({ status: "needs_attention", upstreamOrderId: null });
    expect(await upstreamCalls()).toBe(0);
  });
});
