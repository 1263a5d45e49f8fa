import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { commerceReceiverSettings, RECEIVER_SETTINGS_TTL_MS } from "./receiver-settings";
import { storeSubscription, WEBHOOK_SETTINGS } from "./settings";
import { verifyWebhook } from "./verify";

// The receiver's signing secret and connection are read once per RECEIVER_SETTINGS_TTL_MS, not
// per delivery; a change this process makes is seen at once, one made elsewhere after
// the lifetime.

const KEY = Buffer.alloc(32, 5).toString("base64");
const secretOf = (n: number) => `whsec_${Buffer.alloc(24, n).toString("base64")}`;
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

describe("commerceReceiverSettings", () => {
  it("opens the sealed secret once, gives a verifier for it, and holds it for the lifetime", async () => {
    const now = Date.now();
    expect(await commerceReceiverSettings(t.db, KEY, now)).toEqual({
      secret: null,
      verifier: null,
      connectionId: null,
    });
    await storeSubscription(t.db, {
      id: "wh_1",
      url: "https://shop.example/api/webhooks/commerce",
      secret: secretOf(1),
      encryptionKey: KEY,
      connectionId: "conn_1",
    });

    const first = await commerceReceiverSettings(t.db, KEY, now);
    expect(first).toMatchObject({ secret: secretOf(1), connectionId: "conn_1" });
    const at = new Date();
    const signed = first.verifier!.sign("evt_1", at, "{}");
    const headers = new Headers({
      "webhook-id": "evt_1",
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signed,
    });
    expect(verifyWebhook("{}", headers, first.verifier!)).toMatchObject({ ok: true, eventId: "evt_1" });

    // Another instance rotates the secret: this one keeps the old one until the lifetime ends.
    const other = await t.db.setting.findUniqueOrThrow({ where: { key: WEBHOOK_SETTINGS.connection } });
    await t.db.setting.update({ where: { key: other.key }, data: { value: "conn_2" } });
    expect((await commerceReceiverSettings(t.db, KEY, now + RECEIVER_SETTINGS_TTL_MS - 1)).connectionId).toBe("conn_1");
    expect((await commerceReceiverSettings(t.db, KEY, now + RECEIVER_SETTINGS_TTL_MS + 1)).connectionId).toBe("conn_2");
  });

  it("a subscription stored by this process (a rotation by staff) is used from the next delivery on", async () => {
    const now = Date.now();
    await storeSubscription(t.db, {
      id: "wh_2",
      url: "https://shop.example/api/webhooks/commerce",
      secret: secretOf(2),
      encryptionKey: KEY,
      connectionId: "conn_3",
    });
    expect(await commerceReceiverSettings(t.db, KEY, now)).toMatchObject({
      secret: secretOf(2),
      connectionId: "conn_3",
    });
    await storeSubscription(t.db, {
      id: "wh_3",
      url: "https://shop.example/api/webhooks/commerce",
      secret: secretOf(3),
      encryptionKey: KEY,
      connectionId: "conn_3",
    });
    expect(await commerceReceiverSettings(t.db, KEY, now)).toMatchObject({ secret: secretOf(3) });
  });
});
