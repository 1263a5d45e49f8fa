import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { startUnlockEmulator, type UnlockTestEmulator } from "@/testing/unlock-emulator";

// The app's singleton: built from the environment (lib/env.ts), NOT_CONFIGURED without
// credentials, and counting its calls in the database-backed request budget.

let emu: UnlockTestEmulator;
let t: TestDatabase;
beforeAll(async () => {
  [emu, t] = await Promise.all([startUnlockEmulator(), createTestDatabase()]);
});
afterAll(async () => {
  await emu.close();
  await t.cleanup();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

function stubEnv(vars: Record<string, string>) {
  vi.stubEnv("AUTH_SECRET", randomBytes(32).toString("base64"));
  vi.stubEnv("APP_ENCRYPTION_KEY", randomBytes(32).toString("base64"));
  vi.stubEnv("UNLOCK_API_URL", emu.url);
  vi.stubEnv("DATABASE_URL", t.url);
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
}

describe("unlockClient()", () => {
  it("reads the base URL, credentials and header names from the environment and counts calls in the budget", async () => {
    stubEnv({ UNLOCK_SVC_KEY: "svc_live_key_0001", UNLOCK_SVC_SECRET: "svc_live_secret_0001", UNLOCK_HEADER_NAMES: "live" });
    const { unlockClient } = await import("./index");
    const { upstreamBudget } = await import("../budget/default");
    await t.db.upstreamBudgetWindow.deleteMany();
    expect(unlockClient()).toBe(unlockClient());
    expect((await unlockClient().countries()).length).toBeGreaterThan(200);
    await unlockClient().imeiCheck("359405085972766");
    expect(await upstreamBudget.usage("unlock")).toMatchObject({ used: 2, catalogUsed: 1 });
  });

  it("without credentials, calls reject with NOT_CONFIGURED", async () => {
    stubEnv({ UNLOCK_SVC_KEY: "", UNLOCK_SVC_SECRET: "" });
    const { unlockClient } = await import("./index");
    await expect(unlockClient().brands()).rejects.toMatchObject({ kind: "config", code: "NOT_CONFIGURED" });
  });
});
