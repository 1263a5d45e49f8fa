import { createHash, createHmac, randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { startUnlockEmulator, type UnlockTestEmulator } from "@/testing/unlock-emulator";

// The app's singleton: built from the environment (lib/env.ts), NOT_CONFIGURED without
// credentials, counting its calls in the database-backed request budget, and sending the IMEI
// check in the form the account's environment and hash settings give (imeicheck-hash.ts).

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

const CLEAN = "359405085972766";
const LIVE = { UNLOCK_SVC_KEY: "svc_live_key_0001", UNLOCK_SVC_SECRET: "svc_live_secret_0001" };
/** The emulator's rule (emulator/unlock/README.md "IMEI check hash") as an operator would set it. */
const EMULATOR_RULE = {
  UNLOCK_IMEICHECK_HASH_ALGORITHM: "hmac-sha256",
  UNLOCK_IMEICHECK_HASH_KEY: "svc_secret",
  UNLOCK_IMEICHECK_HASH_ARGUMENTS: "svc_key,imei",
  UNLOCK_IMEICHECK_HASH_ENCODING: "hex",
};

describe("unlockClient()", () => {
  it("reads the base URL, credentials, header names and IMEI check hash from the environment and counts calls in the budget", async () => {
    stubEnv({
      UNLOCK_SVC_KEY: "svc_live_key_0001",
      UNLOCK_SVC_SECRET: "svc_live_secret_0001",
      UNLOCK_HEADER_NAMES: "live",
      ...EMULATOR_RULE,
    });
    const { unlockClient } = await import("./index");
    const { upstreamBudget } = await import("../budget/default");
    await t.db.upstreamBudgetWindow.deleteMany();
    expect(unlockClient()).toBe(unlockClient());
    expect((await unlockClient().countries()).length).toBeGreaterThan(200);
    await unlockClient().imeiCheck("359405085972766");
    expect(await upstreamBudget.usage("unlock")).toMatchObject({ used: 2, catalogUsed: 1 });
  });

  it("sends the hash the environment's settings describe (a vector computed here, independently)", async () => {
    stubEnv({
      ...LIVE,
      ...EMULATOR_RULE,
      UNLOCK_IMEICHECK_HASH_ALGORITHM: "sha256",
      UNLOCK_IMEICHECK_HASH_KEY: "",
      UNLOCK_IMEICHECK_HASH_ARGUMENTS: "imei,svc_key,secret",
      UNLOCK_IMEICHECK_HASH_ENCODING: "hex-upper",
      UNLOCK_IMEICHECK_HASH_SECRET: "supplier-salt",
    });
    const vector = createHash("sha256")
      .update(`${CLEAN}####svc_live_key_0001####supplier-salt`)
      .digest("hex")
      .toUpperCase();
    const { unlockClient } = await import("./index");
    await emu.reset();
    // The emulator's own rule differs, so it refuses; what matters is what was sent.
    await expect(unlockClient().imeiCheck(CLEAN)).rejects.toMatchObject({ code: "API_ERROR" });
    expect(await emu.callsTo(`POST /imeicheck/${CLEAN}/${vector}`)).toBe(1);
  });

  it("a production account (the default) without hash settings: NOT_CONFIGURED, the staff message, and no upstream call", async () => {
    stubEnv(LIVE);
    const { unlockClient } = await import("./index");
    const { imeiCheckSetupProblem } = await import("@/lib/products/imeicheck/availability");
    await emu.reset();
    expect(await imeiCheckSetupProblem()).toBe(
      "IMEI checks are off: the unlocking account is production and no IMEI check hash is configured (Admin → Upstream connection)",
    );
    await expect(unlockClient().imeiCheck(CLEAN)).rejects.toMatchObject({ kind: "config", code: "NOT_CONFIGURED" });
    expect(await emu.callsTo("POST /imeicheck/")).toBe(0);
  });

  it("an account declared sandbox (UNLOCK_ACCOUNT_ENVIRONMENT) uses the hash-less form, even with hash settings", async () => {
    stubEnv({
      UNLOCK_SVC_KEY: "svc_sandbox_key_0001",
      UNLOCK_SVC_SECRET: "svc_sandbox_secret_0001",
      UNLOCK_ACCOUNT_ENVIRONMENT: "sandbox",
      ...EMULATOR_RULE,
    });
    const { unlockClient } = await import("./index");
    const { imeiCheckSetupProblem } = await import("@/lib/products/imeicheck/availability");
    await emu.reset();
    expect(await imeiCheckSetupProblem()).toBeNull();
    expect((await unlockClient().imeiCheck(CLEAN)).report?.blacklisted).toBe(false);
    expect(await emu.callsTo(`POST /imeicheck/${CLEAN}`)).toBe(1);
    expect(await emu.callsTo(`POST /imeicheck/${CLEAN}/`)).toBe(0);
  });

  it("hash settings stored on Admin → Upstream connection are used when the environment sets none", async () => {
    stubEnv(LIVE);
    const { unlockClient } = await import("./index");
    const { writeStoredImeiCheckHash, deleteStoredImeiCheckHash } = await import("../connection/imeicheck-hash-store");
    await writeStoredImeiCheckHash(
      { algorithm: "hmac-sha256", key: "svc_secret", arguments: ["svc_key", "imei"], encoding: "hex", secret: null },
      "test",
    );
    try {
      await emu.reset();
      expect((await unlockClient().imeiCheck(CLEAN)).report?.blacklisted).toBe(false);
      const expected = createHmac("sha256", "svc_live_secret_0001")
        .update(`svc_live_key_0001####${CLEAN}`)
        .digest("hex");
      expect(await emu.callsTo(`POST /imeicheck/${CLEAN}/${expected}`)).toBe(1);
    } finally {
      await deleteStoredImeiCheckHash();
    }
  });

  it.each(["observed", "documented"] as const)(
    "the embedded emulator (no UNLOCK_API_URL): the embedded configuration's account and hash sell IMEI checks (%s dialect)",
    async (dialect) => {
      stubEnv({ UNLOCK_API_URL: "", UNLOCK_SVC_KEY: "", UNLOCK_SVC_SECRET: "", EMULATOR_PORT: new URL(emu.url).port });
      const { unlockClient } = await import("./index");
      const { imeiCheckSetupProblem } = await import("@/lib/products/imeicheck/availability");
      await emu.reset();
      await emu.control("PATCH", "/config", { dialect });
      try {
        expect(await imeiCheckSetupProblem()).toBeNull();
        const result = await unlockClient().imeiCheck(CLEAN);
        expect(result.report?.blacklisted).toBe(false);
        const expected = createHmac("sha256", "svc_live_secret_0001")
          .update(`svc_live_key_0001####${CLEAN}`)
          .digest("hex");
        expect(await emu.callsTo(`POST /imeicheck/${CLEAN}/${expected}`)).toBe(1);
      } finally {
        await emu.control("PATCH", "/config", { dialect: "observed" });
      }
    },
  );

  it("without credentials, calls reject with NOT_CONFIGURED", async () => {
    stubEnv({ UNLOCK_SVC_KEY: "", UNLOCK_SVC_SECRET: "" });
    const { unlockClient } = await import("./index");
    await expect(unlockClient().brands()).rejects.toMatchObject({ kind: "config", code: "NOT_CONFIGURED" });
  });
});
