import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { createUnlockClient } from "./client";
import { PRODUCTION, SANDBOX, startUnlockEmulator, type UnlockTestEmulator } from "@/testing/unlock-emulator";

// The IMEI check (spec sections 2, 4, 7, 8) for each sandbox IMEI, and the form each account sends (imeicheck-hash.ts).

const IMEI = {
  blacklisted: "353047098598802",
  clean: "359405085972766",
  paid: "123456789876543",
  error: "123456789987654",
} as const;

let emu: UnlockTestEmulator;
beforeAll(async () => {
  emu = await startUnlockEmulator();
});
afterAll(async () => emu.close());
beforeEach(async () => emu.reset());

describe("IMEI check", () => {
  it("353047098598802: a free blacklist report with lists and at most 10 history entries", async () => {
    const result = await emu.client().imeiCheck(IMEI.blacklisted);
    expect(result.errors).toEqual([]);
    expect(result.payment.type).toBe("F");
    expect(result.device.imei).toBe(IMEI.blacklisted);
    expect(result.device.tac).toBe(IMEI.blacklisted.slice(0, 8));
    expect(result.device.marketingName).not.toBe("");
    expect(result.report?.blacklisted).toBe(true);
    expect(result.report?.history).toHaveLength(10);
    expect(result.report?.blackList.length).toBeGreaterThan(0);
    expect(result.report?.blackList.flatMap((c) => c.networks).every((n) => n.status === 0)).toBe(true);
    const countries = result.report!.blackList.map((c) => c.country);
    expect(countries).toEqual([...countries].sort((a, b) => b.localeCompare(a))); // ordered by country descending, as sent
    expect(result.report?.reportUrl).toMatch(/\.pdf$/);
    expect(result.extraInfo[0]).toMatchObject({ type: "button" });
  });

  it("359405085972766: a free whitelist report, not reported", async () => {
    const result = await emu.client().imeiCheck(IMEI.clean);
    expect(result.report).toMatchObject({ blacklisted: false, history: [], blackList: [] });
    expect(result.report?.whiteList.length).toBeGreaterThan(0);
    expect(result.report?.whiteList.flatMap((c) => c.networks).every((n) => n.status === 1 || n.status === 2)).toBe(
      true,
    );
  });

  it("123456789876543: payment required, device data only and an empty result", async () => {
    const result = await emu.client().imeiCheck(IMEI.paid);
    expect(result.payment.type).toBe("P");
    expect(result.report).toBeNull();
    expect(result.device.imei).toBe(IMEI.paid);
    expect(result.extraInfo[0]?.url).toMatch(/buy/);
  });

  it("123456789876543 with fullReport: the full report, bought (type P kept)", async () => {
    const result = await emu.client().imeiCheck(IMEI.paid, { fullReport: true });
    expect(result.payment.type).toBe("P");
    expect(result.report).toMatchObject({ blacklisted: false });
    expect(result.device.brandName).not.toBe("");
  });

  it("123456789987654: the recognition error is returned in `errors`, not thrown", async () => {
    const result = await emu.client().imeiCheck(IMEI.error);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.code).toBe("IMEI_NOT_RECOGNISED");
    expect(result.errors[0]?.txt).not.toBe("");
    expect(result.report).toBeNull();
  });

  it("a production account sends the hash its settings describe; the emulator accepts the embedded settings", async () => {
    const expected = await emu.control<{ hash: string }>("POST", "/unlock/hash", {
      imei: IMEI.clean,
      account: "unlock_production",
    });
    await emu.client().imeiCheck(IMEI.clean);
    expect(await emu.callsTo(`POST /imeicheck/${IMEI.clean}/${expected.hash}`)).toBe(1);
  });

  it("sends exactly the configured hash: an operator's settings, checked against a vector computed here", async () => {
    // md5 of svc_secret####imei####secret, base64: written out independently of imeicheck-hash.ts.
    const settings = {
      algorithm: "md5",
      key: null,
      arguments: ["svc_secret", "imei", "secret"],
      encoding: "base64",
      secret: "supplier-salt",
    } as const;
    const vector = createHash("md5")
      .update(`${PRODUCTION.svcSecret}####${IMEI.clean}####supplier-salt`)
      .digest("base64");
    const sent = await emu
      .client({
        imeiCheckAccess: { environment: "production", hash: { ...settings, arguments: [...settings.arguments] } },
      })
      .imeiCheck(IMEI.clean)
      .catch((e: unknown) => e);
    // The emulator's own rule differs, so it refuses; what matters is what was sent.
    expect(sent).toMatchObject({ kind: "api", code: "API_ERROR", status: 400 });
    expect(await emu.callsTo(`POST /imeicheck/${IMEI.clean}/${encodeURIComponent(vector)}`)).toBe(1);
  });

  it("a sandbox account uses the hash-less form, which the sandbox accepts", async () => {
    const sandbox = await emu.client(SANDBOX).imeiCheck(IMEI.clean);
    expect(sandbox.report?.blacklisted).toBe(false);
    expect(await emu.callsTo(`POST /imeicheck/${IMEI.clean}`)).toBe(1);
    expect(await emu.callsTo(`POST /imeicheck/${IMEI.clean}/`)).toBe(0);
  });

  it("a production account without hash settings: refused before sending (NOT_CONFIGURED), nothing reaches the upstream", async () => {
    const refused = await emu
      .client({ imeiCheckAccess: { environment: "production", hash: null } })
      .imeiCheck(IMEI.clean)
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: "config", code: "NOT_CONFIGURED", retryable: false });
    expect((refused as Error).message).toMatch(
      /IMEI checks are off: the unlocking account is production and no IMEI check hash is configured/,
    );
    // The client's default is the same: no invented hash.
    await expect(
      createUnlockClient({ baseUrl: emu.url, svcKey: PRODUCTION.svcKey, svcSecret: PRODUCTION.svcSecret }).imeiCheck(
        IMEI.clean,
      ),
    ).rejects.toMatchObject({ code: "NOT_CONFIGURED" });
    expect(await emu.callsTo("POST /imeicheck/")).toBe(0);
  });

  it("a wrong hash is an API error; an invalid IMEI is refused before sending", async () => {
    await expect(emu.client().imeiCheck(IMEI.clean, { hash: "00".repeat(32) })).rejects.toMatchObject({
      kind: "api",
      code: "API_ERROR",
      status: 400,
    });
    await expect(emu.client().imeiCheck("490154203237517")).rejects.toMatchObject({
      kind: "config",
      code: "INVALID_INPUT",
    });
    expect(await emu.callsTo("POST /imeicheck/")).toBe(1);
  });
});
