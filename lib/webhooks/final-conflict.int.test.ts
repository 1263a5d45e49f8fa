import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { transition } from "@/lib/orders/lifecycle";
import { pollOrder } from "@/lib/orders/poll";
import { applyUnlockStatus } from "@/lib/orders/apply-upstream";
import { placeOrder as placeWithUpstream } from "@/lib/orders/placement";
import { runWorkerOnce } from "@/lib/orders/worker";
import type { Order as CommerceOrder } from "@/lib/upstream/commerce/schemas";
import { IMEI, inFuture, UNLOCK_PAIR, type OrderTestbed } from "@/testing/orders";
import { eventually, placedTopup, startWebhookTestbed, type Delivery, type WebhookTestbed } from "@/testing/webhooks";

// Final order states stay final (docs/orders.md "Lifecycle"): upstream news that names another
// final status for a fulfilled, failed, cancelled or refunded order — a signed webhook or the
// worker's poll — is an anomaly on the order's timeline for staff and changes nothing else: not
// the status, not the detail or fulfilment fields, no refund owed or made, no mail. The webhook
// receipt is still processed (handled: recorded), so the sender does not retry it.
// Real emulator over HTTP, real SQLite database, the route's own handler (testing/webhooks.ts).

let wt: WebhookTestbed;
let tb: OrderTestbed;

beforeAll(async () => {
  wt = await startWebhookTestbed();
  tb = wt.tb;
});
afterAll(async () => wt?.close());

/** A top-up quoted, ordered, paid in the sandbox (credits) and fulfilled by the emulator's own webhook. */
async function fulfilledTopup(): Promise<{ order: Order; delivery: Delivery }> {
  const placed = await placedTopup(tb, "final@example.com");
  expect(placed.status).toBe("placed");
  // The emulator fulfils 3 s (its clock) after the order and sends order.fulfilled.
  await tb.advanceClock(5_000);
  const delivery = await eventually(
    async () =>
      (await wt.deliveries("?event_type=order.fulfilled")).find(
        (d) => JSON.parse(d.request.body).data.order_id === placed.upstreamOrderId && d.succeeded,
      ),
    "the order.fulfilled delivery",
  );
  await wt.settled();
  const fulfilled = await tb.reload(placed.id);
  expect(fulfilled.status).toBe("fulfilled");
  return { order: fulfilled, delivery };
}

/** Everything the conflicting news must leave alone. */
async function snapshot(orderId: string) {
  const order = await tb.reload(orderId);
  const { updatedAt: _updatedAt, ...fields } = order;
  return {
    order: fields,
    payments: await tb.db.payment.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } }),
    mails: await tb.db.mailOutbox.count({ where: { orderId } }),
    events: (await tb.events(orderId)).filter((e) => e.type !== "upstream_anomaly").map((e) => e.id),
  };
}

/** The same event body with another id, event type and order fields, a minute later. */
function conflicting(delivery: Delivery, eventId: string, type: string, data: Record<string, unknown>): string {
  const body = JSON.parse(delivery.request.body) as { data: Record<string, unknown> } & Record<string, unknown>;
  const later = new Date(Date.parse(String(body.data.updated_at ?? new Date().toISOString())) + 60_000).toISOString();
  return JSON.stringify({ ...body, id: eventId, type, data: { ...body.data, updated_at: later, ...data } });
}

async function deliver(eventId: string, body: string) {
  const answer = await wt.post(await wt.signed(eventId, body), body);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ received: true });
  await wt.settled();
  return tb.db.webhookReceipt.findUniqueOrThrow({ where: { provider_eventId: { provider: "commerce", eventId } } });
}

const anomalies = async (orderId: string) => (await tb.events(orderId)).filter((e) => e.type === "upstream_anomaly");

describe("final order states stay final", () => {
  it("a signed order.failed after order.fulfilled: the order stays fulfilled, nothing refunded or mailed, an anomaly for staff; the receipt is processed", async () => {
    const { order, delivery } = await fulfilledTopup();
    const before = await snapshot(order.id);
    const refundsBefore = await tb.db.refundTask.findMany({ where: { orderId: order.id } });

    const body = conflicting(delivery, "evt_final_failed_1", "order.failed", {
      status: "failed",
      delivery_status: "failed",
      refund: { amount: 500, refunded_at: new Date().toISOString() },
    });
    const receipt = await deliver("evt_final_failed_1", body);
    expect(receipt).toMatchObject({
      verified: true,
      status: "processed",
      eventType: "order.failed",
      error: expect.stringContaining("anomaly"),
    });

    const after = await snapshot(order.id);
    expect(after).toEqual(before);
    expect(after.order).toMatchObject({ status: "fulfilled", upstreamStatus: "fulfilled", statusReason: null });
    expect(JSON.stringify(after.order.fulfillment)).not.toContain("upstreamRefund");
    expect(after.payments.every((p) => p.status !== "refunded")).toBe(true);
    expect(await tb.db.refundTask.findMany({ where: { orderId: order.id } })).toEqual(refundsBefore);

    const [anomaly, ...more] = await anomalies(order.id);
    expect(more).toHaveLength(0);
    expect(anomaly).toMatchObject({
      source: "webhook",
      actor: "evt_final_failed_1",
      fromStatus: null,
      toStatus: null,
      data: { upstreamStatus: "failed", upstreamMeans: "failed", localStatus: "fulfilled", source: "webhook" },
    });
    expect(anomaly!.message).toContain("failed");

    // The same news again under another event id: still handled, no second anomaly.
    const again = await deliver("evt_final_failed_2", body.replace("evt_final_failed_1", "evt_final_failed_2"));
    expect(again.status).toBe("processed");
    expect(await anomalies(order.id)).toHaveLength(1);
    expect(await snapshot(order.id)).toEqual(before);
  });

  it("a poll that reads a failed status for a fulfilled order: kept fulfilled, an anomaly from the worker", async () => {
    const { order } = await fulfilledTopup();
    const before = await snapshot(order.id);
    // The supplier's answer, as read over HTTP, now saying the order failed (and was refunded).
    const commerce = tb.clients.commerce;
    const failing = Object.create(commerce) as typeof commerce;
    failing.getOrder = async (id: string): Promise<CommerceOrder> => {
      const real = await commerce.getOrder(id);
      return { ...real, status: "failed", refund: { amount: 500, refunded_at: new Date().toISOString() } };
    };
    const result = await pollOrder(
      { db: tb.db, clients: { ...tb.clients, commerce: failing }, workerId: "final-worker", now: new Date() },
      order,
    );
    expect(result).toEqual({ next: null, polled: true });

    expect(await snapshot(order.id)).toEqual(before);
    const [anomaly, ...more] = await anomalies(order.id);
    expect(more).toHaveLength(0);
    expect(anomaly).toMatchObject({
      source: "worker",
      actor: "final-worker",
      data: { upstreamStatus: "failed", localStatus: "fulfilled", source: "worker" },
    });
  });

  it("order.fulfilled for an order staff refunded after delivery: kept refunded, nothing written, no anomaly (the news agrees with what the supplier did)", async () => {
    const { order, delivery } = await fulfilledTopup();
    // Staff refunded it meanwhile (fulfilled → refunded).
    const refunded = await transition(tb.db, {
      orderId: order.id,
      from: "fulfilled",
      to: "refunded",
      source: "staff",
      message: "Refunded (test)",
      patch: { statusReason: "Refunded by staff." },
    });
    expect(refunded?.status).toBe("refunded");
    const before = await snapshot(order.id);

    const body = conflicting(delivery, "evt_final_refunded_1", "order.fulfilled", {
      status: "fulfilled",
      delivery_status: "delivered",
      pin: "9999-CONFLICT",
    });
    const receipt = await deliver("evt_final_refunded_1", body);
    expect(receipt.status).toBe("processed");

    const after = await snapshot(order.id);
    expect(after).toEqual(before);
    expect(after.order).toMatchObject({ status: "refunded", statusReason: "Refunded by staff." });
    expect(await anomalies(order.id)).toHaveLength(0);
  });

  it("news that agrees with the final state is a no-op: no anomaly", async () => {
    const { order, delivery } = await fulfilledTopup();
    const receipt = await deliver(
      "evt_final_agree_1",
      conflicting(delivery, "evt_final_agree_1", "order.fulfilled", {}),
    );
    expect(receipt.status).toBe("processed");
    expect((await tb.reload(order.id)).status).toBe("fulfilled");
    expect(await anomalies(order.id)).toHaveLength(0);
  });

  it("the unlocking API's 'available' for a failed unlock order: kept failed, no instructions fetched, no second refund, an anomaly", async () => {
    const order = await tb.paidOrder("unlock", {
      deviceId: UNLOCK_PAIR.deviceId,
      networkId: UNLOCK_PAIR.networkId,
      imei: IMEI.notAvailable,
      toolId: UNLOCK_PAIR.toolInstant,
      guaranteedTimeType: "instant",
    });
    await placeWithUpstream(tb.db, order.id, { source: "buyer", clients: tb.clients });
    await runWorkerOnce(tb.db, {
      workerId: "final-worker",
      now: inFuture(20_000),
      clients: tb.clients,
    });
    const failed = await tb.reload(order.id);
    expect(failed).toMatchObject({ status: "failed", upstreamStatus: "notavailable" });
    const before = await snapshot(order.id);
    const refundsBefore = await tb.db.refundTask.findMany({ where: { orderId: order.id } });

    const real = await tb.unlock.checkOrderStatus(Number(failed.upstreamOrderId));
    const result = await applyUnlockStatus(
      tb.db,
      order.id,
      { ...real, status: "available" },
      { source: "worker", actor: "final-worker", unlock: tb.unlock },
    );
    expect(result).toEqual({ orderId: order.id, changed: false, anomaly: true });
    expect(await snapshot(order.id)).toEqual(before);
    expect(await tb.db.refundTask.findMany({ where: { orderId: order.id } })).toEqual(refundsBefore);
    expect(await anomalies(order.id)).toEqual([
      expect.objectContaining({
        source: "worker",
        data: expect.objectContaining({
          upstreamStatus: "available",
          upstreamMeans: "fulfilled",
          localStatus: "failed",
        }),
      }),
    ]);

    // The buyer refunded (failed → refunded, as refund.ts moves it): the supplier's "canceled"
    // agrees with an order it did not deliver, so it changes nothing and is no anomaly; its
    // "available" still contradicts it.
    await transition(tb.db, {
      orderId: order.id,
      from: "failed",
      to: "refunded",
      source: "worker",
      message: "Refunded (test)",
    });
    const refundedBefore = await snapshot(order.id);
    const agreeing = await applyUnlockStatus(
      tb.db,
      order.id,
      { ...real, status: "canceled" },
      { source: "worker", actor: "final-worker", unlock: tb.unlock },
    );
    expect(agreeing).toMatchObject({ orderId: order.id, changed: false });
    expect(agreeing).not.toHaveProperty("anomaly");
    expect(await snapshot(order.id)).toEqual(refundedBefore);
    expect(await anomalies(order.id)).toHaveLength(1);
  });
});
