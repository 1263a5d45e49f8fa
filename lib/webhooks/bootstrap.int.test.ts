import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { SHOP_LIVE_KEY, startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";
import { readWebhookRefusal } from "./refusal";
import { WEBHOOK_SETTINGS } from "./settings";

// The start-up hook with the app's own singletons (environment, database, commerce client):
// COMMERCE_WEBHOOKS=on registers the receiver, =off switches it off upstream.

let emu: CommerceEmulator;
let t: TestDatabase;

beforeAll(async () => {
  [emu, t] = await Promise.all([startCommerceEmulator(), createTestDatabase()]);
  vi.stubEnv("AUTH_SECRET", "a".repeat(40));
  vi.stubEnv("APP_ENCRYPTION_KEY", Buffer.alloc(32, 5).toString("base64"));
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("APP_URL", "http://localhost:3999");
  vi.stubEnv("COMMERCE_API_URL", emu.url);
  vi.stubEnv("COMMERCE_API_KEY", SHOP_LIVE_KEY);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await emu.close();
  await t.cleanup();
});

const fresh = async () => {
  vi.resetModules();
  delete (globalThis as { __commerceWebhookBootstrap?: unknown }).__commerceWebhookBootstrap;
  return import("./bootstrap");
};

describe("bootstrapCommerceWebhooks", () => {
  it("registers {APP_URL}/api/webhooks/commerce at start-up (COMMERCE_WEBHOOKS=on, the default)", async () => {
    await (await fresh()).bootstrapCommerceWebhooks();
    const id = await t.db.setting.findUniqueOrThrow({ where: { key: WEBHOOK_SETTINGS.id } });
    expect(await emu.client().getWebhook(id.value)).toMatchObject({
      url: "http://localhost:3999/api/webhooks/commerce",
      status: "active",
    });
  });

  it("switches the subscription off with COMMERCE_WEBHOOKS=off", async () => {
    vi.stubEnv("COMMERCE_WEBHOOKS", "off");
    await (await fresh()).bootstrapCommerceWebhooks();
    const id = await t.db.setting.findUniqueOrThrow({ where: { key: WEBHOOK_SETTINGS.id } });
    expect((await emu.client().getWebhook(id.value)).status).toBe("disabled");
  });

  it("records order events off when the upstream refuses the http receiver (C§2, documented dialect), and does not ask again at the next start", async () => {
    vi.stubEnv("COMMERCE_WEBHOOKS", "on");
    await emu.reset();
    await t.db.setting.deleteMany({ where: { key: { startsWith: "commerce.webhook." } } });
    await emu.setConfig({ dialect: "documented", allowLoopbackHttpWebhooks: false });
    try {
      const posts = async () => (await emu.counters())["POST /v2/webhooks"] ?? 0;
      const before = await posts();
      await (await fresh()).bootstrapCommerceWebhooks();
      expect(await readWebhookRefusal(t.db)).toMatchObject({
        reason: "url",
        code: "WEBHOOK_URL_NOT_HTTPS",
        url: "http://localhost:3999/api/webhooks/commerce",
      });
      expect(await posts()).toBe(before + 1);
      await (await fresh()).bootstrapCommerceWebhooks();
      await (await import("./bootstrap")).recheckCommerceWebhooks();
      expect(await posts()).toBe(before + 1);
      expect(await t.db.setting.findUnique({ where: { key: WEBHOOK_SETTINGS.id } })).toBeNull();
    } finally {
      await emu.setConfig({ dialect: "observed", allowLoopbackHttpWebhooks: true });
    }
  });
});
