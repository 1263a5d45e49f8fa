import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";
import { createUnlockClient } from "@/lib/upstream/unlock/client";
import { PRODUCTION } from "@/testing/unlock-emulator";
import { discoverAuthorizationServer } from "@/lib/upstream/connection/oauth/discovery";
import { CHECKS, type CheckContext } from "./checks";
import { runGoLiveCheck } from "./run";

// The go-live check against the emulator over HTTP: every call the shop depends on answers ok
// in both dialects, no call spends credits, and a renamed field names its endpoint, path and
// product (and only that product).
let emulator: CommerceEmulator;
let clients: CheckContext;

beforeAll(async () => {
  emulator = await startCommerceEmulator();
  clients = {
    commerce: emulator.client(),
    unlock: createUnlockClient({ baseUrl: emulator.url, ...PRODUCTION, policy: { baseDelayMs: 1, maxDelayMs: 5 } }),
    oauthMetadata: null,
    shop: { checkoutMode: "credits", webhooks: true, polling: true },
  };
});
afterAll(async () => emulator?.close());
beforeEach(async () => {
  await emulator.reset();
  await emulator.setConfig({ dialect: "observed" });
  await emulator.control("DELETE", "/rename-field");
});

const rowOf = (report: Awaited<ReturnType<typeof runGoLiveCheck>>, endpoint: string) =>
  report.rows.find((row) => row.endpoint === endpoint);

describe("the go-live check", () => {
  for (const dialect of ["observed", "documented"] as const) {
    it(`answers ok for every call in the ${dialect} dialect, one call each, and spends nothing`, async () => {
      await emulator.setConfig({ dialect });
      const report = await runGoLiveCheck(clients);
      expect(report.rows.filter((row) => row.text !== "ok").map((row) => `${row.endpoint}: ${row.text}`)).toEqual([]);
      expect(report).toMatchObject({ ok: true, failingProducts: [] });
      expect(report.rows.map((row) => row.id)).toEqual(
        CHECKS.filter((check) => !["oauth-metadata", "imeicheck-hash"].includes(check.id)).map((check) => check.id),
      );
      const counters = await emulator.counters();
      expect(
        Object.values(counters).every((n) => n === 1),
        JSON.stringify(counters),
      ).toBe(true);
      expect(Object.keys(counters).filter((route) => /^POST|imeicheck|create_order|preview/.test(route))).toEqual([]);
      expect((await emulator.control<{ entries: unknown[] }>("GET", "/ledger")).entries).toEqual([]);
    });
  }

  it("names the endpoint, the missing field and the product when a catalog answer renames a field; the product's other calls are not tried", async () => {
    await emulator.control("POST", "/rename-field", {
      path: "/v2/topup/countries",
      from: "data.*.iso_short_code",
      to: "iso_code",
    });
    const report = await runGoLiveCheck(clients);
    expect(rowOf(report, "GET /v2/topup/countries")).toMatchObject({
      text: "missing field data[0].iso_short_code",
      failed: true,
      products: ["topup"],
    });
    expect(rowOf(report, "GET /v2/topup/operators?country={iso}")?.text).toBe(
      "not checked (needs GET /v2/topup/countries)",
    );
    expect(rowOf(report, "GET /v2/topup/promotions")?.text).toBe("ok");
    expect(rowOf(report, "GET /v2/giftcards/countries")?.text).toBe("ok");
    expect(report).toMatchObject({ ok: false, failingProducts: ["topup"] });
  });

  it("names the IMEI check hash settings when the unlocking account cannot send IMEI checks, stopping IMEI checks only, without calling /imeicheck", async () => {
    const problem =
      "IMEI checks are off: the unlocking account is production and no IMEI check hash is configured (Admin → Upstream connection)";
    const off = await runGoLiveCheck({ ...clients, imeiCheckSetup: async () => problem });
    expect(off.rows.find((row) => row.id === "imeicheck-hash")).toMatchObject({
      text: "not configured",
      failed: true,
      products: ["imeicheck"],
    });
    expect(off).toMatchObject({ ok: false, failingProducts: ["imeicheck"] });
    const ready = await runGoLiveCheck({ ...clients, imeiCheckSetup: async () => null });
    expect(ready.rows.find((row) => row.id === "imeicheck-hash")?.text).toBe("ok");
    expect(ready.ok).toBe(true);
    expect(Object.keys(await emulator.counters()).filter((route) => route.includes("imeicheck"))).toEqual([]);
  });

  it("says wrong type, refused and unreachable in the table's words", async () => {
    await emulator.control("POST", "/rename-field", { path: "/brands", from: "res.*.brand", to: "title" });
    // A text where the client reads a count.
    await emulator.control("POST", "/rename-field", {
      path: "/v2/giftcards/countries",
      from: "data.*.iso3",
      to: "brands_count",
    });
    await emulator.fault({ method: "GET", path: "/v2/esim/destinations", kind: "status", status: 403 });
    const report = await runGoLiveCheck(clients);
    expect(rowOf(report, "GET /v2/giftcards/countries")?.text).toBe("wrong type data[0].brands_count");
    expect(rowOf(report, "GET /brands")?.text).toMatch(/^missing field res\.\d+\.brand$/);
    expect(rowOf(report, "GET /v2/esim/destinations")?.text).toBe("refused 403");
    expect(rowOf(report, "GET /countries")?.text).toBe("ok");
    expect(report.failingProducts).toEqual(["esim", "giftcard", "unlock"]);

    await emulator.control("DELETE", "/rename-field");
    const nowhere = {
      ...clients,
      commerce: emulator.client(undefined, { baseUrl: "http://127.0.0.1:9", policy: { maxAttempts: 1 } }),
    };
    const down = await runGoLiveCheck(nowhere);
    expect(rowOf(down, "GET /v2/status")?.text).toBe("unreachable");
    expect(rowOf(down, "GET /v2/balance")?.text).toBe("not checked (the commerce API could not be asked)");
    expect(down.failingProducts).toEqual(["topup", "esim", "giftcard"]);
  });

  it("asks only what this shop's settings use: no balance for payment links, no webhook list without webhooks, the OAuth discovery on an OAuth connection", async () => {
    const links = await runGoLiveCheck({
      ...clients,
      shop: { checkoutMode: "payment_link", webhooks: false, polling: true },
    });
    expect(links.ok).toBe(true);
    expect(links.rows.map((row) => row.endpoint)).not.toContain("GET /v2/balance");
    expect(links.rows.map((row) => row.endpoint)).not.toContain("GET /v2/webhooks");
    expect(Object.keys(await emulator.counters())).not.toContain("GET /v2/balance");

    // Without polling, order events are the only way to follow an order: the list matters.
    await emulator.fault({ method: "GET", path: "/v2/webhooks", kind: "status", status: 403 });
    const eventsOnly = await runGoLiveCheck({
      ...clients,
      shop: { checkoutMode: "credits", webhooks: true, polling: false },
    });
    expect(rowOf(eventsOnly, "GET /v2/webhooks")).toMatchObject({
      text: "refused 403",
      products: ["topup", "esim", "giftcard"],
    });
    expect(eventsOnly.failingProducts).toEqual(["topup", "esim", "giftcard"]);
    await emulator.control("DELETE", "/faults");
    await emulator.fault({ method: "GET", path: "/v2/webhooks", kind: "status", status: 403 });
    const polled = await runGoLiveCheck(clients);
    expect(rowOf(polled, "GET /v2/webhooks")).toMatchObject({ text: "refused 403", products: [], failed: true });
    expect(polled.ok).toBe(true);
    await emulator.control("DELETE", "/faults");

    const oauth = await runGoLiveCheck({ ...clients, oauthMetadata: () => discoverAuthorizationServer(emulator.url) });
    expect(rowOf(oauth, "OAuth discovery (protected resource and authorization server metadata)")).toMatchObject({
      text: "ok",
      products: ["topup", "esim", "giftcard"],
    });
  });
});
