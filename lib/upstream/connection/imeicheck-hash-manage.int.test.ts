import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";

// IMEI check hash settings stored on Admin → Upstream connection: checked with a message per
// field, sealed at rest, the separate secret write-only (never in the audit log, kept when the
// form leaves it blank), and what the shop then uses; the environment's settings win.

let t: TestDatabase;
let admin: { id: string; email: string };

beforeAll(async () => {
  t = await createTestDatabase();
  const user = await t.db.user.create({ data: { email: "admin@shop.test", role: "admin" } });
  admin = { id: user.id, email: user.email };
});
afterAll(async () => t.cleanup());
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
  vi.stubEnv("UNLOCK_API_URL", "http://127.0.0.1:9");
  vi.stubEnv("UNLOCK_SVC_KEY", "svc_live_key_0001");
  vi.stubEnv("UNLOCK_SVC_SECRET", "svc_live_secret_0001");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const [manage, resolve, availability] = await Promise.all([
    import("./imeicheck-hash-manage"),
    import("./resolve"),
    import("@/lib/products/imeicheck/availability"),
  ]);
  return { ...manage, ...resolve, ...availability };
}

const FORM = {
  algorithm: "hmac-sha1",
  key: "secret",
  arguments: "svc_key, imei",
  encoding: "base64",
  secret: "supplier-salt-123",
};

describe("IMEI check hash settings in the admin", () => {
  it("refuses inconsistent input with a message per field and stores nothing", async () => {
    const shop = await app();
    const result = await shop.saveImeiCheckHash(admin, {
      algorithm: "hmac-sha256",
      key: "",
      arguments: "svc_key",
      encoding: "hex",
      secret: "",
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        key: expect.stringMatching(/HMAC needs a key/),
        arguments: "The arguments must include imei (the hash groups the method's arguments).",
      },
    });
    expect(await shop.saveImeiCheckHash(admin, { ...FORM, algorithm: "rot13" })).toMatchObject({
      ok: false,
      fieldErrors: { algorithm: "Choose the function from the list." },
    });
    expect(await t.db.setting.count({ where: { key: { startsWith: "upstream.unlock.imeicheck" } } })).toBe(0);
  });

  it("stores them sealed, turns IMEI checks on, audits without the secret, and keeps the secret when the form leaves it blank", async () => {
    const shop = await app();
    expect(await shop.imeiCheckSetupProblem()).toMatch(/^IMEI checks are off/);
    expect(await shop.saveImeiCheckHash(admin, FORM)).toEqual({ ok: true });
    expect(await shop.imeiCheckSetupProblem()).toBeNull();
    const row = await t.db.setting.findUniqueOrThrow({ where: { key: "upstream.unlock.imeicheck-hash" } });
    expect(row.encrypted).toBe(true);
    expect(row.value).not.toContain("supplier-salt-123");

    expect(await shop.saveImeiCheckHash(admin, { ...FORM, encoding: "hex", secret: "" })).toEqual({ ok: true });
    expect(await shop.describeImeiCheckHash()).toEqual({
      source: "stored",
      settings: {
        algorithm: "hmac-sha1",
        key: "secret",
        arguments: ["svc_key", "imei"],
        encoding: "hex",
        secret: "supplier-salt-123",
      },
    });
    const audit = await t.db.auditLog.findMany({ orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual([
      "upstream.unlock.save_imeicheck_hash",
      "upstream.unlock.save_imeicheck_hash",
    ]);
    expect(JSON.stringify(audit)).not.toContain("supplier-salt-123");

    await shop.removeImeiCheckHash(admin);
    expect(await shop.imeiCheckSetupProblem()).toMatch(/^IMEI checks are off/);
  });

  it("the environment's settings win over stored ones", async () => {
    const shop = await app({
      UNLOCK_IMEICHECK_HASH_ALGORITHM: "md5",
      UNLOCK_IMEICHECK_HASH_ARGUMENTS: "imei,svc_secret",
      UNLOCK_IMEICHECK_HASH_ENCODING: "hex",
    });
    await shop.saveImeiCheckHash(admin, FORM);
    expect(await shop.describeImeiCheckHash()).toMatchObject({
      source: "env",
      settings: { algorithm: "md5", arguments: ["imei", "svc_secret"] },
    });
  });
});
