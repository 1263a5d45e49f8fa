import { expect, test } from "@playwright/test";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { serverOf, uniqueEmail } from "./helpers/server";
import { buyTopupUntilFulfilled } from "./helpers/topup";
import { commerceWebhookSecret, signedHeaders } from "./helpers/webhooks";

// A forged webhook, a replayed one (old timestamp) and a duplicate are
// handled as DESIGN.md says, checked in the database afterwards:
//   forged    → 4xx, receipt "rejected" (not verified, no event id), nothing processed
//   replayed  → 4xx, receipt "rejected" (stale timestamp), nothing processed
//   duplicate → 2xx, a "duplicate" receipt; the event is processed once
// The real delivery is captured from the emulator's delivery log (exactly what it sent).

const RECEIVER = "/api/webhooks/commerce";

test("forged, replayed and duplicate webhook deliveries are refused or ignored, and recorded", async ({
  page,
  request,
}, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("webhooks");

  // A real order, delivered, so the emulator has sent its order.fulfilled event.
  await buyTopupUntilFulfilled(page, emulator, email);

  const db = new ShopDb(server.dataDir);
  try {
    const [order] = db.ordersByEmail(email);
    const upstreamOrderId = order!.upstreamOrderId!;
    const delivered = (await emulator.deliveries({ event_type: "order.fulfilled" })).filter(
      (d) => d.succeeded && d.request.body.includes(`"${upstreamOrderId}"`),
    );
    expect(delivered.length).toBeGreaterThanOrEqual(1);
    const original = delivered[0]!;
    const eventId = original.event_id;
    await expect.poll(() => db.receiptsForEvent(eventId).map((r) => r.status)).toEqual(["processed"]);
    const eventsBefore = db.events(order!.id).length;

    // Duplicate: the very same delivery again (same id, timestamp, signature, body).
    const duplicate = await request.post(RECEIVER, { headers: original.request.headers, data: original.request.body });
    expect(duplicate.status()).toBe(200);
    expect(db.receiptsForEvent(eventId).map((r) => r.status)).toEqual(["processed"]);
    const copies = db.receiptsWithBody(eventId).filter((r) => r.eventId === null);
    expect(copies.map((r) => [r.status, r.verified])).toEqual([["duplicate", 1]]);

    // Forged: an order.failed event for the same order, signed with a key the shop does not have.
    const forgedId = `evt_forged_${Date.now()}`;
    const forgedBody = original.request.body
      .replace(/"type":"order\.[a-z]+"/, '"type":"order.failed"')
      .replace(eventId, forgedId);
    const forged = await request.post(RECEIVER, {
      headers: signedHeaders(
        `whsec_${Buffer.from("not the shop's secret 1234").toString("base64")}`,
        forgedId,
        forgedBody,
        new Date(),
      ),
      data: forgedBody,
    });
    expect(forged.status()).toBeGreaterThanOrEqual(400);
    expect(forged.status()).toBeLessThan(500);
    expect(
      db
        .receiptsWithBody(forgedId)
        .map((r) => ({ status: r.status, verified: r.verified, eventId: r.eventId, verifyError: r.verifyError })),
    ).toEqual([{ status: "rejected", verified: 0, eventId: null, verifyError: "invalid_signature" }]);

    // Replayed: the real event correctly signed with the shop's own secret, but ten minutes old.
    const secret = commerceWebhookSecret(db, server.dataDir);
    const replayedId = `evt_replayed_${Date.now()}`;
    const replayedBody = original.request.body.replace(eventId, replayedId);
    const replayed = await request.post(RECEIVER, {
      headers: signedHeaders(secret, replayedId, replayedBody, new Date(Date.now() - 10 * 60_000)),
      data: replayedBody,
    });
    expect(replayed.status()).toBe(400);
    expect(
      db
        .receiptsWithBody(replayedId)
        .map((r) => ({ status: r.status, verified: r.verified, eventId: r.eventId, verifyError: r.verifyError })),
    ).toEqual([{ status: "rejected", verified: 0, eventId: null, verifyError: "stale_timestamp" }]);
    // The same, signed now, is accepted: the secret is right, only the age was wrong.
    const fresh = await request.post(RECEIVER, {
      headers: signedHeaders(secret, replayedId, replayedBody, new Date()),
      data: replayedBody,
    });
    expect(fresh.status()).toBe(200);

    // None of it moved the order or touched its timeline.
    expect(db.order(order!.id).status).toBe("fulfilled");
    expect(db.events(order!.id)).toHaveLength(eventsBefore);
  } finally {
    db.close();
  }
});
