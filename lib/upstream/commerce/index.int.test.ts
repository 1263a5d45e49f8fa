import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { SHOP_LIVE_KEY, startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";

// The app's singleton, built from the environment (lib/env.ts reads process.env on import,
// so each case stubs the variables and imports the modules afresh).

let emu: CommerceEmulator;
let t: TestDatabase;

beforeAll(async () => {
  [emu, t] = await Promise.all([startCommerceEmulator(), createTestDatabase()]);
});
afterAll(async () => {
  await emu.close();
  await t.cleanup();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function importWith(vars: Record<string, string | undefined>) {
  vi.stubEnv("AUTH_SECRET", "a".repeat(40));
  vi.stubEnv("APP_ENCRYPTION_KEY", Buffer.alloc(32, 7).toString("base64"));
  vi.stubEnv("COMMERCE_API_URL", emu.url);
  vi.stubEnv("DATABASE_URL", t.url);
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  vi.resetModules();
  return { ...(await import("./index")), ...(await import("../connection/resolve")) };
}

describe("commerceClient()", () => {
  it("imports and builds without a key; the first call reports NOT_CONFIGURED without sending", async () => {
    const { commerceClient, describeCommerceConnection } = await importWith({ COMMERCE_API_KEY: undefined });
    expect(await describeCommerceConnection()).toEqual({
      source: "none",
      kind: null,
      environment: "not_configured",
      identity: null,
    });
    const api = commerceClient();
    await expect(api.getBalance()).rejects.toMatchObject({ kind: "config", code: "NOT_CONFIGURED" });
    expect((await emu.counters())["GET /v2/balance"]).toBeUndefined();
    // Calls that need no credential still work.
    expect((await api.getStatus()).status).toBe("ok");
  });

  it("uses COMMERCE_API_URL and COMMERCE_API_KEY, and tells staff the key is production", async () => {
    const { commerceClient, describeCommerceConnection } = await importWith({ COMMERCE_API_KEY: SHOP_LIVE_KEY });
    expect(await describeCommerceConnection()).toMatchObject({
      source: "env",
      kind: "api_key",
      environment: "production",
    });
    expect(await commerceClient().getBalance()).toMatchObject({ environment: "production", currency: "EUR" });
    expect(commerceClient()).toBe(commerceClient());
  });

  it("counts every call in the deployment-wide budget in the database, catalog calls apart", async () => {
    const { commerceClient } = await importWith({ COMMERCE_API_KEY: SHOP_LIVE_KEY });
    const { upstreamBudget } = await import("../budget/default");
    await t.db.upstreamBudgetWindow.deleteMany();
    const api = commerceClient();
    await api.listTopupServiceTypes();
    await api.getBalance();
    await api.previewOrder({ price_token: "tp_693d80c392e27ca2caeabf44", phone: "+447400123456" });
    expect(await upstreamBudget.usage("commerce")).toMatchObject({ used: 3, catalogUsed: 1, cap: 500 });
  });
});
