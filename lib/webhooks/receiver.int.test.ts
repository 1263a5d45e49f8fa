import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { embeddedShopCredentials } from "@/lib/upstream/connection/embedded";
import { type OrderTestbed } from "@/testing/orders";
import type { AfterAnswer } from "./after-answer";
import { replayReceipt } from "./process";
import { receiveWebhook, verifyCommerceDelivery } from "./receive";
import { readCommerceWebhookConnection, WEBHOOK_SETTINGS } from "./settings";
import { PERMANENT_ERROR_PREFIX } from "./store";
import { SWEEP_BACKOFF_MS, sweepWebhookReceipts } from "./sweep";
import {
  eventually,
  placedTopup as placedTopupFor,
  startWebhookTestbed,
  type Delivery,
  type WebhookTestbed,
} from "@/testing/webhooks";

// POST /api/webhooks/commerce end to end: the emulator delivers real, signed order events to a
// small HTTP server that hands each request to the route's own POST handler, with the app's
// singletons (database, environment) pointed at a test database (testing/webhooks.ts). Every
// case is checked in the WebhookReceipt and Order tables afterwards. The route answers once the
// receipt is stored and processes it after the answer: `settled()` waits for that processing.

let wt: WebhookTestbed;
let tb: OrderTestbed;
let webhookId: string;

beforeAll(async () => {
  wt = await startWebhookTestbed();
  tb = wt.tb;
  webhookId = wt.webhookId;
});

afterAll(async () => {
  await wt?.close();
});

const post = (headers: Record<string, string>, body: string) => wt.post(headers, body);
const deliveries = (query = "") => wt.deliveries(query);
const secret = () => wt.secret();
const signed = (eventId: string, body: string, at?: Date) => wt.signed(eventId, body, at);
const settled = () => wt.settled();

/** receiveWebhook's after-the-answer work, kept so the test can wait for it. */
function afterAnswerQueue() {
  const tasks: Promise<unknown>[] = [];
  const afterAnswer: AfterAnswer = (task) => void tasks.push(task());
  return { afterAnswer, done: () => Promise.all(tasks) };
}

const placedTopup = () => placedTopupFor(tb, "hook@example.com");

const receipts = (eventId: string) =>
  tb.db.webhookReceipt
    .findMany({ where: { headers: { not: undefined } } })
    .then((all) => all.filter((r) => (r.headers as Record<string, string>)["webhook-id"] === eventId));

describe("real deliveries from the emulator", () => {
  let fulfilled: Delivery;
  let orderId: string;

  it("are verified, stored and processed: the webhook alone brings a placed order to fulfilled", async () => {
    const order = await placedTopup();
    orderId = order.id;
    expect(order).toMatchObject({ status: "placed", upstreamOrderId: expect.stringMatching(/^ord_/) });

    // The emulator fulfils 3 s (its clock) after the order and sends order.fulfilled.
    await tb.advanceClock(5_000);
    fulfilled = await eventually(
      async () =>
        (await deliveries("?event_type=order.fulfilled")).find(
          (d) => JSON.parse(d.request.body).data.order_id === order.upstreamOrderId && d.succeeded,
        ),
      "the order.fulfilled delivery",
    );
    expect(fulfilled.status_code).toBe(200);
    await settled();

    const receipt = await tb.db.webhookReceipt.findUniqueOrThrow({
      where: { provider_eventId: { provider: "commerce", eventId: fulfilled.event_id } },
    });
    expect(receipt).toMatchObject({
      verified: true,
      verifyError: null,
      status: "processed",
      eventType: "order.fulfilled",
      attempts: 1,
      error: null,
    });
    expect(receipt.rawBody).toBe(fulfilled.request.body);
    expect(receipt.processedAt).toBeInstanceOf(Date);
    expect((receipt.headers as Record<string, string>)["webhook-signature"]).toBe(
      fulfilled.request.headers["webhook-signature"],
    );

    const after = await tb.reload(order.id);
    expect(after).toMatchObject({ status: "fulfilled", upstreamStatus: "fulfilled" });
    const events = await tb.events(order.id);
    expect(events.find((e) => e.toStatus === "fulfilled")).toMatchObject({
      source: "webhook",
      actor: fulfilled.event_id,
    });
    expect(await tb.commerceDebits(after.upstreamOrderId)).toHaveLength(1);
  });

  it("a second delivery of the same event is a no-op that still answers 200, also when several arrive at once", async () => {
    const eventsBefore = (await tb.events(orderId)).length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(fulfilled.request.headers, fulfilled.request.body)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true, duplicate: true });
    }
    await settled();
    const all = await receipts(fulfilled.event_id);
    expect(all.filter((r) => r.status === "processed")).toHaveLength(1);
    expect(all.filter((r) => r.status === "duplicate")).toHaveLength(5);
    expect(all.filter((r) => r.status === "duplicate").every((r) => r.eventId === null && r.verified)).toBe(true);
    expect((await tb.events(orderId)).length).toBe(eventsBefore);
  });

  it("a new event delivered several times at the same instant is processed exactly once", async () => {
    const body = fulfilled.request.body.replace(fulfilled.event_id, "evt_concurrent_1");
    const headers = await signed("evt_concurrent_1", body);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(headers, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await Promise.all(answers.map((a) => a.json()))).filter((b) => !b.duplicate)).toEqual([{ received: true }]);
    await settled();
    const all = await receipts("evt_concurrent_1");
    expect(all.filter((r) => r.status === "processed")).toHaveLength(1);
    expect(all.filter((r) => r.status === "duplicate")).toHaveLength(5);
  });

  it("a forged delivery (body changed, signature kept) is answered 401 and recorded as rejected without an event id", async () => {
    const forged = fulfilled.request.body.replace('"status":"fulfilled"', '"status":"failed"');
    expect(forged).not.toBe(fulfilled.request.body);
    const answer = await post(fulfilled.request.headers, forged);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: { code: "invalid_signature" } });
    const rejected = await tb.db.webhookReceipt.findFirstOrThrow({ where: { status: "rejected", rawBody: forged } });
    expect(rejected).toMatchObject({ eventId: null, verified: false, verifyError: "invalid_signature" });
    expect((await tb.reload(orderId)).status).toBe("fulfilled");
  });

  it("a captured delivery replayed later (timestamp older than 5 minutes) is answered 400 and recorded as rejected", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 60_000 });
    try {
      const answer = await post(fulfilled.request.headers, fulfilled.request.body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { code: "stale_timestamp" } });
    } finally {
      vi.useRealTimers();
    }
    const all = await receipts(fulfilled.event_id);
    // (The forged copy above carried the same webhook-id: it is the other rejected receipt.)
    expect(all.filter((r) => r.verifyError === "stale_timestamp")).toEqual([
      expect.objectContaining({ status: "rejected", eventId: null, verified: false }),
    ]);
    expect(all.filter((r) => r.status === "processed")).toHaveLength(1);
  });

  it("a delivery with a timestamp from the future, or without signature headers, is rejected", async () => {
    const body = fulfilled.request.body.replace(fulfilled.event_id, "evt_future_1");
    expect((await post(await signed("evt_future_1", body, new Date(Date.now() + 10 * 60_000)), body)).status).toBe(400);
    const bare = await post({ "content-type": "application/json" }, body);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ error: { code: "missing_signature" } });
    // Neither blocks the real event: it is still new.
    expect(await tb.db.webhookReceipt.count({ where: { eventId: "evt_future_1" } })).toBe(0);
  });
});

describe("failures", () => {
  it("malformed JSON under a valid signature: stored and answered 200 (it is authentic), then failed for good with a clear error", async () => {
    const body = '{"id":"evt_broken_1","type":"order.fulfilled",';
    const answer = await post(await signed("evt_broken_1", body), body);
    // The body is not read before the answer: its flaw shows when it is processed.
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true });
    await settled();
    const receipt = await tb.db.webhookReceipt.findUniqueOrThrow({
      where: { provider_eventId: { provider: "commerce", eventId: "evt_broken_1" } },
    });
    expect(receipt).toMatchObject({ verified: true, status: "failed", attempts: 1, eventType: null });
    expect(receipt.error).toMatch(new RegExp(`^${PERMANENT_ERROR_PREFIX}malformed JSON`));
    // Retrying cannot help: the sweep leaves it to staff, however late it runs.
    expect(await sweepWebhookReceipts(tb.db, { now: new Date(Date.now() + 24 * 60 * 60_000) })).toMatchObject({
      claimed: 0,
    });
    expect((await tb.db.webhookReceipt.findUniqueOrThrow({ where: { id: receipt.id } })).status).toBe("failed");
  });

  it("an event for an order the shop does not know is kept as unmatched, with a note for staff", async () => {
    const body = JSON.stringify({
      id: "evt_stranger_1",
      type: "order.fulfilled",
      timestamp: new Date().toISOString(),
      environment: "production",
      data: { order_id: "ord_999999", type: "topup", status: "fulfilled" },
    });
    expect((await post(await signed("evt_stranger_1", body), body)).status).toBe(200);
    await settled();
    const receipt = await tb.db.webhookReceipt.findUniqueOrThrow({
      where: { provider_eventId: { provider: "commerce", eventId: "evt_stranger_1" } },
    });
    expect(receipt).toMatchObject({ status: "unmatched", eventType: "order.fulfilled", upstreamOrderId: "ord_999999" });
    expect(receipt.error).toContain("ord_999999");
  });

  it("no signing secret stored: 503 with a clear code and a rejected receipt", async () => {
    const row = await tb.db.setting.findUniqueOrThrow({ where: { key: WEBHOOK_SETTINGS.secret } });
    await tb.db.setting.delete({ where: { key: row.key } });
    // The route holds the secret for a few seconds (receiver-settings.ts): as once that has passed.
    wt.forgetSettings();
    try {
      const body = JSON.stringify({ id: "evt_nosecret_1", type: "order.created", data: {} });
      const answer = await post({ "content-type": "application/json", "webhook-id": "evt_nosecret_1" }, body);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ error: { code: "webhook_not_configured" } });
      expect(await tb.db.webhookReceipt.findFirst({ where: { rawBody: body } })).toMatchObject({
        status: "rejected",
        eventId: null,
        verifyError: "webhook_not_configured",
      });
    } finally {
      await tb.db.setting.create({ data: row });
      wt.forgetSettings();
    }
  });

  describe("processing that fails is kept and replayed", () => {
    let order: Awaited<ReturnType<typeof placedTopup>>;
    let body: string;
    let headers: Record<string, string>;

    /** Receives one signed delivery whose processing throws `message` (after the answer). */
    async function receiveFailing(rawBody: string, signedHeaders: Record<string, string>, message: string) {
      const queue = afterAnswerQueue();
      const answer = await receiveWebhook(tb.db, {
        provider: "commerce",
        rawBody,
        headers: new Headers(signedHeaders),
        verification: verifyCommerceDelivery(
          rawBody,
          new Headers(signedHeaders),
          await secret(),
          await readCommerceWebhookConnection(tb.db),
        ),
        process: async () => {
          throw new Error(message);
        },
        afterAnswer: queue.afterAnswer,
      });
      await queue.done();
      return answer;
    }

    beforeAll(async () => {
      // This order's own deliveries are switched off: the test sends its events itself.
      await tb.clients.commerce.updateWebhook(webhookId, { status: "disabled" });
      order = await placedTopup();
      await tb.advanceClock(5_000);
      const upstream = await tb.clients.commerce.getOrder(order.upstreamOrderId!);
      expect(upstream.status).toBe("fulfilled");
      const raw = await (
        await fetch(`${tb.emulatorUrl}/v2/orders/${order.upstreamOrderId}`, {
          headers: { authorization: `Bearer ${embeddedShopCredentials().commerceApiKey}` },
        })
      ).json();
      // The live service's name for the event: read as order.fulfilled.
      body = JSON.stringify({
        id: "evt_retry_1",
        type: "order.completed",
        timestamp: new Date().toISOString(),
        environment: "production",
        data: raw.data,
      });
      headers = await signed("evt_retry_1", body);
    });
    afterAll(async () => {
      await tb.clients.commerce.updateWebhook(webhookId, { status: "active" });
    });

    it("a failure is answered 200 and kept with its error; the sweep processes it once the cause is gone", async () => {
      const first = await receiveFailing(body, headers, "database is locked");
      // Stored, so acknowledged: the failure happens after the answer.
      expect(first).toEqual({ status: 200, body: { received: true } });
      const failed = await tb.db.webhookReceipt.findUniqueOrThrow({
        where: { provider_eventId: { provider: "commerce", eventId: "evt_retry_1" } },
      });
      expect(failed).toMatchObject({
        status: "failed",
        error: "database is locked",
        attempts: 1,
        eventType: "order.completed",
        upstreamOrderId: order.upstreamOrderId,
      });
      expect((await tb.reload(order.id)).status).toBe("placed");

      // Not before its backoff; then with the app's processor, the cause gone.
      const failedAt = failed.processedAt!;
      expect(
        await sweepWebhookReceipts(tb.db, { now: new Date(failedAt.getTime() + SWEEP_BACKOFF_MS[0] - 1_000) }),
      ).toMatchObject({ claimed: 0 });
      expect(
        await sweepWebhookReceipts(tb.db, { now: new Date(failedAt.getTime() + SWEEP_BACKOFF_MS[0] + 1_000) }),
      ).toEqual({ claimed: 1, processed: 1, failed: 0 });
      const processed = await tb.db.webhookReceipt.findUniqueOrThrow({ where: { id: failed.id } });
      expect(processed).toMatchObject({ status: "processed", error: null, attempts: 2 });
      expect(await tb.reload(order.id)).toMatchObject({ status: "fulfilled" });
      const events = await tb.events(order.id);
      expect(events.find((e) => e.toStatus === "fulfilled")).toMatchObject({ source: "webhook", actor: "evt_retry_1" });

      // The sender's late redelivery of the same event is a duplicate now.
      const again = await post(headers, body);
      expect(await again.json()).toEqual({ received: true, duplicate: true });
      await settled();
      expect(
        await tb.db.webhookReceipt.count({
          where: { eventType: "order.completed", status: { in: ["processed", "failed", "received"] } },
        }),
      ).toBe(1);
    });

    it("a redelivery of a failed event by the sender processes it at once", async () => {
      const created = JSON.stringify({
        ...JSON.parse(body),
        id: "evt_retry_3",
        type: "order.created",
        data: { ...JSON.parse(body).data, status: "processing", delivery_status: "pending" },
      });
      const h = await signed("evt_retry_3", created);
      await receiveFailing(created, h, "upstream mapping crashed");
      const receipt = await tb.db.webhookReceipt.findUniqueOrThrow({
        where: { provider_eventId: { provider: "commerce", eventId: "evt_retry_3" } },
      });
      expect(receipt).toMatchObject({ status: "failed", attempts: 1 });

      // The sender delivers it again (through the route, with the app's processor): not a
      // duplicate but another attempt on the stored receipt.
      const retry = await post(h, created);
      expect(retry.status).toBe(200);
      expect(await retry.json()).toEqual({ received: true });
      await settled();
      // A late order.created after order.fulfilled: processed, and the order stays fulfilled.
      expect(await tb.db.webhookReceipt.findUniqueOrThrow({ where: { id: receipt.id } })).toMatchObject({
        status: "processed",
        attempts: 2,
        error: "note: the order was already up to date",
      });
      expect((await tb.reload(order.id)).status).toBe("fulfilled");
      expect(
        await tb.db.webhookReceipt.count({
          where: { upstreamOrderId: order.upstreamOrderId, status: "duplicate", eventType: "order.created" },
        }),
      ).toBe(0);
    });

    it("staff replay (replayReceipt) processes a failed receipt; processed receipts cannot be replayed", async () => {
      const created = JSON.stringify({
        ...JSON.parse(body),
        id: "evt_retry_2",
        type: "order.created",
        data: { ...JSON.parse(body).data, status: "processing", delivery_status: "pending" },
      });
      const h = await signed("evt_retry_2", created);
      const first = await receiveFailing(created, h, "upstream mapping crashed");
      expect(first.status).toBe(200);
      const receipt = await tb.db.webhookReceipt.findUniqueOrThrow({
        where: { provider_eventId: { provider: "commerce", eventId: "evt_retry_2" } },
      });
      expect(receipt.status).toBe("failed");

      const replayed = await replayReceipt(tb.db, receipt.id);
      // A late order.created after order.fulfilled: processed, and the order stays fulfilled.
      expect(replayed).toEqual({ outcome: "processed", note: "the order was already up to date" });
      expect(await tb.db.webhookReceipt.findUniqueOrThrow({ where: { id: receipt.id } })).toMatchObject({
        status: "processed",
        attempts: 2,
      });
      expect((await tb.reload(order.id)).status).toBe("fulfilled");
      expect(await replayReceipt(tb.db, receipt.id)).toEqual({ outcome: "not_replayable", status: "processed" });
    });
  });
});
