import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import type { CommerceClient } from "@/lib/upstream/commerce/client";
import { startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";
import { readCommerceWebhookSecret, WEBHOOK_SETTINGS } from "./settings";
import { commerceReceiverUrl, disableCommerceWebhook, ensureCommerceWebhook } from "./subscription";

// Registering the shop's receiver with the commerce API (the emulator, shop's production key)
// and keeping it right across restarts, URL changes, deletions and several instances at once.

const KEY = Buffer.alloc(32, 3).toString("base64");
const APP = "http://localhost:3000";
let emu: CommerceEmulator;
let t: TestDatabase;
let api: CommerceClient;

beforeAll(async () => {
  [emu, t] = await Promise.all([startCommerceEmulator(), createTestDatabase()]);
  api = emu.client();
});
beforeEach(async () => {
  await emu.reset();
  await t.db.setting.deleteMany({ where: { key: { startsWith: "commerce.webhook." } } });
});
afterAll(async () => {
  await emu.close();
  await t.cleanup();
});

const ensure = (appUrl = APP) => ensureCommerceWebhook(t.db, { appUrl, client: api, encryptionKey: KEY });
const ours = async (url = commerceReceiverUrl(APP)) => (await api.listWebhooks()).filter((w) => w.url === url);

describe("ensureCommerceWebhook", () => {
  it("registers {APP_URL}/api/webhooks/commerce for the three order events and stores the id plainly and the secret sealed", async () => {
    const result = await ensure("http://localhost:3000/");
    expect(result).toMatchObject({ outcome: "created", url: "http://localhost:3000/api/webhooks/commerce" });
    const [hook, ...others] = await ours();
    expect(others).toHaveLength(0);
    expect(hook).toMatchObject({ status: "active", events: ["order.created", "order.fulfilled", "order.failed"] });

    const id = await t.db.setting.findUniqueOrThrow({ where: { key: WEBHOOK_SETTINGS.id } });
    expect(id).toMatchObject({ value: hook!.id, encrypted: false });
    const sealed = await t.db.setting.findUniqueOrThrow({ where: { key: WEBHOOK_SETTINGS.secret } });
    expect(sealed.encrypted).toBe(true);
    expect(sealed.value).toMatch(/^v1\./);
    expect(sealed.value).not.toContain("whsec_");
    expect(await readCommerceWebhookSecret(t.db, KEY)).toMatch(/^whsec_/);
  });

  it("leaves a fitting subscription alone on the next start", async () => {
    const first = await ensure();
    const secretBefore = await readCommerceWebhookSecret(t.db, KEY);
    expect(await ensure()).toEqual({
      outcome: "unchanged",
      webhookId: (first as { webhookId: string }).webhookId,
      url: commerceReceiverUrl(APP),
    });
    expect(await ours()).toHaveLength(1);
    expect(await readCommerceWebhookSecret(t.db, KEY)).toBe(secretBefore);
  });

  it("moves the subscription to a new APP_URL and switches a disabled one back on, keeping id and secret", async () => {
    const first = (await ensure()) as { webhookId: string };
    const secretBefore = await readCommerceWebhookSecret(t.db, KEY);
    await api.updateWebhook(first.webhookId, { status: "disabled" });
    const moved = await ensure("https://shop.example.com");
    expect(moved).toEqual({
      outcome: "updated",
      webhookId: first.webhookId,
      url: "https://shop.example.com/api/webhooks/commerce",
    });
    expect(await api.getWebhook(first.webhookId)).toMatchObject({
      url: "https://shop.example.com/api/webhooks/commerce",
      status: "active",
    });
    expect(await readCommerceWebhookSecret(t.db, KEY)).toBe(secretBefore);
  });

  it("registers again when the stored subscription was deleted upstream", async () => {
    const first = (await ensure()) as { webhookId: string };
    await api.deleteWebhook(first.webhookId);
    const again = await ensure();
    expect(again.outcome).toBe("created");
    expect((again as { webhookId: string }).webhookId).not.toBe(first.webhookId);
    expect(await ours()).toHaveLength(1);
  });

  it("removes subscriptions to the same URL whose secret the shop does not hold", async () => {
    await api.createWebhook({ url: commerceReceiverUrl(APP), events: ["order.created"] });
    await api.createWebhook({ url: "https://someone-else.example.com/hooks", events: ["order.created"] });
    const result = await ensure();
    expect(result.outcome).toBe("created");
    expect((await ours()).map((w) => w.id)).toEqual([(result as { webhookId: string }).webhookId]);
    expect(await ours("https://someone-else.example.com/hooks")).toHaveLength(1);
  });

  it("registers once when several app instances start at the same moment", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => ensure()));
    expect(results.filter((r) => r.outcome === "created")).toHaveLength(1);
    expect(
      results.filter((r) => r.outcome !== "created").every((r) => r.outcome === "busy" || r.outcome === "unchanged"),
    ).toBe(true);
    expect(await ours()).toHaveLength(1);
    expect(await t.db.setting.count({ where: { key: WEBHOOK_SETTINGS.lock } })).toBe(0);
  });

  it("takes over a lease left behind by an instance that died", async () => {
    await t.db.setting.create({ data: { key: WEBHOOK_SETTINGS.lock, value: `dead-instance ${Date.now() - 1000}` } });
    expect((await ensure()).outcome).toBe("created");
  });
});

describe("disableCommerceWebhook", () => {
  it("switches the stored subscription off upstream (COMMERCE_WEBHOOKS=off)", async () => {
    expect(await disableCommerceWebhook(t.db, { client: api })).toBe("none");
    const { webhookId } = (await ensure()) as { webhookId: string };
    expect(await disableCommerceWebhook(t.db, { client: api })).toBe("disabled");
    expect((await api.getWebhook(webhookId)).status).toBe("disabled");
    // Turned back on, the next start re-enables it.
    expect((await ensure()).outcome).toBe("updated");
    expect((await api.getWebhook(webhookId)).status).toBe("active");
  });
});
