import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOrderForStaff } from "@/lib/admin/orders/detail";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { createOrder } from "@/lib/orders/create";
import { placeOrder } from "@/lib/orders/placement";
import { quoteCommerceOrder, type QuoteInput } from "@/lib/orders/quote";
import { openFulfillment } from "@/lib/orders/sealed-fulfillment";
import { markPaid, type OrderTestbed } from "@/testing/orders";
import { replayReceipt } from "./process";
import { MAX_BODY_BYTES, REJECTED_PREFIX_BYTES } from "./read-body";
import { REDACTED } from "./redact";
import { trimWebhookReceipts } from "./retention";
import { eventually, startWebhookTestbed, type WebhookTestbed } from "@/testing/webhooks";

// What the receipts table holds (docs/security.md: nobody may grow the database through the
// webhook route): rejected deliveries are metadata and a 1 KiB prefix, an oversize body is
// never read whole, old receipts are trimmed, processed receipts lose the secrets they
// delivered, and the staff order page finds receipts by their own column.

let wt: WebhookTestbed;
let tb: OrderTestbed;
beforeAll(async () => {
  wt = await startWebhookTestbed();
  tb = wt.tb;
});
afterAll(async () => wt?.close());

const DAY_MS = 24 * 60 * 60_000;
const GIFT_CARD = "gc_b1bfcb9d2bb0743a9bbdc614";

describe("unsigned and oversize posts", () => {
  it("ten unsigned 500 KB posts are refused and stored as metadata and a 1 KiB prefix each", async () => {
    const start = new Date(Date.now() - 1_000);
    const pad = "x".repeat(500_000 - 80);
    const body = JSON.stringify({ type: "order.fulfilled", data: { order_id: "ord_flood", pad } });
    expect(Buffer.byteLength(body)).toBeGreaterThan(499_000);
    for (let i = 0; i < 10; i++) {
      const answer = await wt.post({ "content-type": "application/json" }, body);
      expect(answer.status).toBe(400);
    }
    const stored = await tb.db.webhookReceipt.findMany({
      where: { verifyError: "missing_signature", receivedAt: { gte: start } },
    });
    expect(stored).toHaveLength(10);
    const grown = stored.reduce(
      (sum, r) => sum + Buffer.byteLength(r.rawBody) + Buffer.byteLength(JSON.stringify(r.headers)),
      0,
    );
    expect(grown).toBeLessThanOrEqual(10 * (REJECTED_PREFIX_BYTES + 512));
    for (const r of stored) {
      expect(r).toMatchObject({
        status: "rejected",
        eventId: null,
        upstreamOrderId: null,
        bodyBytes: Buffer.byteLength(body),
        bodyTruncated: true,
      });
      expect(body.startsWith(r.rawBody)).toBe(true);
    }
  });

  it("a chunked body (no Content-Length) larger than the cap is refused with 413 after reading little more than the cap", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const total = 256; // 16 MiB if read whole
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled++;
        controller.enqueue(chunk);
      },
    });
    const answer = await wt.post({ "content-type": "application/json", "webhook-id": "evt_chunked_1" }, stream, {
      duplex: "half",
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: { code: "payload_too_large" } });
    // The cap is 8 chunks; the stream is cancelled at the 9th (one more may be queued ahead).
    expect(pulled).toBeLessThanOrEqual(MAX_BODY_BYTES / chunk.byteLength + 2);
    const receipt = await tb.db.webhookReceipt.findFirstOrThrow({
      where: { verifyError: "payload_too_large" },
      orderBy: { receivedAt: "desc" },
    });
    expect(receipt).toMatchObject({ status: "rejected", bodyTruncated: true });
    expect(receipt.bodyBytes).toBeGreaterThan(MAX_BODY_BYTES);
    expect(receipt.rawBody).toBe("a".repeat(REJECTED_PREFIX_BYTES));
  });
});

describe("processed receipts lose delivered secrets; the order page finds receipts by their column", () => {
  async function fulfilledThroughWebhook(input: QuoteInput) {
    const quote = await quoteCommerceOrder(input, { db: tb.db, commerce: tb.clients.commerce, mode: "credits" });
    const order = await createOrder(tb.db, {
      productType: input.type,
      submissionId: randomUUID(),
      customerEmail: "secret@example.com",
      detail: quote.detail as Prisma.InputJsonValue,
      pricing: quote.pricing,
    });
    await markPaid(tb.db, order.id);
    const placed = (await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients }))!;
    await tb.advanceClock(5_000);
    const delivery = await eventually(
      async () =>
        (await wt.deliveries("?event_type=order.fulfilled")).find(
          (d) => JSON.parse(d.request.body).data.order_id === placed.upstreamOrderId && d.succeeded,
        ),
      "the order.fulfilled delivery",
    );
    // Answered once stored; processed (and redacted) after the answer.
    await wt.settled();
    const receipt = await tb.db.webhookReceipt.findUniqueOrThrow({
      where: { provider_eventId: { provider: "commerce", eventId: delivery.event_id } },
    });
    return { order: await tb.reload(order.id), delivery, receipt };
  }

  it("a gift card's code and redemption URL are on the order, not in its processed receipt nor in a duplicate's", async () => {
    const { order, delivery, receipt } = await fulfilledThroughWebhook({ type: "giftcard", priceToken: GIFT_CARD });
    const { redemptionCode, redemptionUrl } = openFulfillment(order.fulfillment) as {
      redemptionCode: string;
      redemptionUrl: string;
    };
    expect(order.status).toBe("fulfilled");
    expect(redemptionCode).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(delivery.request.body).toContain(redemptionCode);

    expect(receipt).toMatchObject({
      status: "processed",
      upstreamOrderId: order.upstreamOrderId,
      connectionId: order.upstreamConnectionId,
    });
    expect(receipt.rawBody).not.toContain(redemptionCode);
    expect(receipt.rawBody).not.toContain(redemptionUrl);
    expect(JSON.parse(receipt.rawBody).data).toMatchObject({
      order_id: order.upstreamOrderId,
      redemption_code: REDACTED,
      redemption_url: REDACTED,
    });

    expect((await wt.post(delivery.request.headers, delivery.request.body)).status).toBe(200);
    const duplicate = await tb.db.webhookReceipt.findFirstOrThrow({
      where: { status: "duplicate", upstreamOrderId: order.upstreamOrderId },
    });
    expect(duplicate.rawBody).not.toContain(redemptionCode);

    // The staff page lists the order's receipts by the column: the order.created and
    // order.fulfilled receipts and the duplicate.
    const view = (await loadOrderForStaff(tb.db, order.ref))!;
    const listed = view.receipts.map((r) => r.id);
    expect(listed).toEqual(expect.arrayContaining([receipt.id, duplicate.id]));
    expect(view.receipts.map((r) => r.eventType)).toEqual(expect.arrayContaining(["order.created", "order.fulfilled"]));
    // Only the column counts, not what a body says: a receipt naming the order only in its
    // body is not listed, and one whose column names it is, whatever its body.
    const common = {
      provider: "commerce",
      connectionId: order.upstreamConnectionId,
      headers: {},
      verified: true,
      status: "processed" as const,
    };
    const bodyOnly = await tb.db.webhookReceipt.create({
      data: {
        ...common,
        rawBody: JSON.stringify({ data: { order_id: order.upstreamOrderId } }),
        upstreamOrderId: "ord_other",
      },
    });
    const columnOnly = await tb.db.webhookReceipt.create({
      data: { ...common, rawBody: "{}", upstreamOrderId: order.upstreamOrderId },
    });
    const again = (await loadOrderForStaff(tb.db, order.ref))!.receipts.map((r) => r.id);
    expect(again).toContain(columnOnly.id);
    expect(again).not.toContain(bodyOnly.id);
  });

  it("an eSIM's LPA string (also inside its install and QR URLs) is on the order, not in its processed receipt", async () => {
    const plan = await tb.clients.commerce.getEsimProduct("fr-5gb-30d");
    const { order, delivery, receipt } = await fulfilledThroughWebhook({
      type: "esim",
      priceToken: plan.price_token,
      catalogId: plan.catalog_id,
    });
    const { lpaString, iccid } = openFulfillment(order.fulfillment) as { lpaString: string; iccid: string };
    expect(order.status).toBe("fulfilled");
    expect(lpaString).toMatch(/^LPA:1\$/);
    expect(delivery.request.body).toContain(lpaString);
    expect(receipt.status).toBe("processed");
    expect(receipt.rawBody).not.toContain(lpaString);
    expect(receipt.rawBody).not.toContain(encodeURIComponent(lpaString));
    expect(JSON.parse(receipt.rawBody).data).toMatchObject({
      iccid,
      lpa_string: REDACTED,
      install_url: REDACTED,
      qr_code_url: REDACTED,
    });
  });
});

describe("retention", () => {
  it("receipts older than the retention are deleted in bounded batches; young failed ones stay replayable", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 31 * DAY_MS);
    const young = new Date(now.getTime() - 29 * DAY_MS);
    const base = { provider: "commerce", headers: {}, rawBody: "{}", verified: true };
    const statuses = ["processed", "failed", "unmatched", "duplicate", "rejected"] as const;
    const oldIds = [];
    for (const status of statuses)
      oldIds.push((await tb.db.webhookReceipt.create({ data: { ...base, status, receivedAt: old } })).id);
    const body = JSON.stringify({
      id: "evt_young_failed",
      type: "order.fulfilled",
      timestamp: young.toISOString(),
      environment: "production",
      data: { order_id: "ord_888888", type: "topup", status: "fulfilled" },
    });
    const youngFailed = await tb.db.webhookReceipt.create({
      data: {
        ...base,
        eventId: "evt_young_failed",
        rawBody: body,
        status: "failed",
        error: "database is locked",
        attempts: 1,
        receivedAt: young,
        connectionId: await tb.commerceConnection(),
      },
    });
    const before = await tb.db.webhookReceipt.count();

    // One batch of two per run: a backlog is worked off over several runs.
    expect(await trimWebhookReceipts(tb.db, { now, retentionDays: 30, batchSize: 2, maxBatches: 1 })).toBe(2);
    expect(await trimWebhookReceipts(tb.db, { now, retentionDays: 30, batchSize: 2 })).toBe(3);
    expect(await trimWebhookReceipts(tb.db, { now, retentionDays: 30, batchSize: 2 })).toBe(0);
    expect(await tb.db.webhookReceipt.count({ where: { id: { in: oldIds } } })).toBe(0);
    expect(await tb.db.webhookReceipt.count()).toBe(before - oldIds.length);

    expect(await replayReceipt(tb.db, youngFailed.id)).toMatchObject({ outcome: "processed" });
    expect((await tb.db.webhookReceipt.findUniqueOrThrow({ where: { id: youngFailed.id } })).status).toBe("unmatched");
  });
});
