import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";

// Credentials entered in the admin are used by the app's clients, env wins where set,
// secrets are write-only (sealed at rest, never in the audit log), and bad input is refused
// with a message naming the field.

const SANDBOX = { apiId: "test_shop00000000000000000001", apiSecret: "sk_shopsandbox000000000000000000001" };
const UNLOCK_SANDBOX = { svcKey: "svc_sandbox_key_0001", svcSecret: "svc_sandbox_secret_0001" };

let emu: CommerceEmulator;
let t: TestDatabase;
let admin: { id: string; email: string };

beforeAll(async () => {
  [emu, t] = await Promise.all([startCommerceEmulator(), createTestDatabase()]);
  const user = await t.db.user.create({ data: { email: "admin@shop.test", role: "admin" } });
  admin = { id: user.id, email: user.email };
});
afterAll(async () => {
  await emu.close();
  await t.cleanup();
});
beforeEach(async () => {
  await t.db.setting.deleteMany({ where: { key: { startsWith: "upstream." } } });
  await t.db.auditLog.deleteMany();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function app(env: Record<string, string> = {}) {
  vi.stubEnv("AUTH_SECRET", "a".repeat(40));
  vi.stubEnv("APP_ENCRYPTION_KEY", Buffer.alloc(32, 7).toString("base64"));
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("COMMERCE_API_URL", emu.url);
  vi.stubEnv("UNLOCK_API_URL", emu.url);
  vi.stubEnv("COMMERCE_API_KEY", "");
  vi.stubEnv("UNLOCK_SVC_KEY", "");
  vi.stubEnv("UNLOCK_SVC_SECRET", "");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  return {
    ...(await import("./manage")),
    ...(await import("./resolve")),
    commerce: (await import("../commerce")).commerceClient(),
    unlock: (await import("../unlock")).unlockClient(),
  };
}

describe("commerce API key from the admin", () => {
  it("is used by the app's client, sealed at rest, and audited without its secret", async () => {
    const m = await app();
    await expect(m.commerce.getBalance()).rejects.toMatchObject({ code: "NOT_CONFIGURED" });

    expect(await m.saveCommerceApiKey(admin, SANDBOX)).toEqual({ ok: true });
    expect(await m.describeCommerceConnection()).toEqual({
      source: "stored",
      kind: "api_key",
      environment: "sandbox",
      identity: SANDBOX.apiId,
    });
    expect(await m.commerce.getBalance()).toMatchObject({ environment: "sandbox" });

    const row = await t.db.setting.findUniqueOrThrow({ where: { key: "upstream.commerce.credential" } });
    expect(row.encrypted).toBe(true);
    expect(row.value).not.toContain(SANDBOX.apiSecret);
    const audit = await t.db.auditLog.findMany();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: "upstream.commerce.save_api_key",
      before: null,
      after: { kind: "api_key", environment: "sandbox" },
    });
    expect(JSON.stringify(audit)).not.toContain(SANDBOX.apiSecret);
  });

  it("refuses malformed keys with a message naming the field, keeping what was stored", async () => {
    const m = await app();
    await m.saveCommerceApiKey(admin, SANDBOX);
    expect(await m.saveCommerceApiKey(admin, { apiId: "shop123", apiSecret: "sk_x" })).toMatchObject({
      ok: false,
      field: "apiId",
      message: expect.stringContaining("test_"),
    });
    expect(await m.saveCommerceApiKey(admin, { apiId: "live_abc", apiSecret: "oops" })).toMatchObject({
      ok: false,
      field: "apiSecret",
    });
    expect(await m.saveCommerceApiKey(admin, { apiId: "live_a b", apiSecret: "sk_x" })).toMatchObject({
      ok: false,
      field: "apiId",
    });
    expect(await m.describeCommerceConnection()).toMatchObject({ identity: SANDBOX.apiId });
  });

  it("loses to COMMERCE_API_KEY from env, which the page reports as the source", async () => {
    const seeded = await app();
    await seeded.saveCommerceApiKey(admin, SANDBOX);
    const m = await app({ COMMERCE_API_KEY: "live_shop00000000000000000001:sk_shoplive000000000000000000000001" });
    expect(await m.describeCommerceConnection()).toMatchObject({ source: "env", environment: "production" });
    expect(await m.commerce.getBalance()).toMatchObject({ environment: "production" });
    expect(await m.testCommerceConnection()).toMatchObject({
      ok: true,
      lines: [expect.stringContaining("ok"), expect.stringContaining("production")],
    });
  });

  it("disconnect forgets the stored key and is audited", async () => {
    const m = await app();
    await m.saveCommerceApiKey(admin, SANDBOX);
    await m.disconnectCommerce(admin);
    expect(await m.describeCommerceConnection()).toMatchObject({ source: "none" });
    expect((await t.db.auditLog.findMany({ orderBy: { createdAt: "asc" } })).map((a) => a.action)).toEqual([
      "upstream.commerce.save_api_key",
      "upstream.commerce.disconnect",
    ]);
  });
});

describe("unlocking API credentials from the admin", () => {
  it("are used by the app's client; the test reports a refused pair by its code", async () => {
    const m = await app();
    expect(await m.testUnlockConnection()).toMatchObject({ ok: false, code: "NOT_CONFIGURED" });
    expect(await m.saveUnlockCredential(admin, { ...UNLOCK_SANDBOX, environment: "sandbox" })).toEqual({ ok: true });
    expect(await m.describeUnlockConnection()).toEqual({
      source: "stored",
      environment: "sandbox",
      maskedKey: "svc_…0001",
    });
    expect(await m.testUnlockConnection()).toMatchObject({ ok: true });

    await m.saveUnlockCredential(admin, { svcKey: "svc_nobody", svcSecret: "nope", environment: "production" });
    expect(await m.testUnlockConnection()).toMatchObject({ ok: false, code: "WRONG_ACCESS" });
    expect(JSON.stringify(await t.db.auditLog.findMany())).not.toContain(UNLOCK_SANDBOX.svcSecret);
    expect(await m.saveUnlockCredential(admin, { svcKey: " ", svcSecret: "x", environment: "sandbox" })).toMatchObject({
      ok: false,
      field: "svcKey",
    });
  });
});
