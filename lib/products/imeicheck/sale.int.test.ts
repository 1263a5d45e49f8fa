import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMEI, startOrderTestbed, type OrderTestbed } from "@/testing/orders";
import { stubAppEnv } from "@/testing/app-env";

// The IMEI check's checkout step on a real database: the IMEI rule and the shop's price.

let tb: OrderTestbed;
let sale: typeof import("./sale");
let price: typeof import("./price");

beforeAll(async () => {
  tb = await startOrderTestbed();
  stubAppEnv({ databaseUrl: tb.url, emulatorUrl: tb.emulatorUrl });
  [sale, price] = await Promise.all([import("./sale"), import("./price")]);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await tb?.close();
});

describe("the IMEI check sale step", () => {
  it("prices a valid IMEI at the shop's price, paid from the unlock credits", async () => {
    const priced = await sale.imeiCheckSale({ imei: IMEI.availableAtOnce })({ mode: "payment_link" });
    expect(priced).toEqual({
      ok: true,
      productType: "imeicheck",
      label: `IMEI report for ${IMEI.availableAtOnce}`,
      facts: [{ label: "IMEI", value: IMEI.availableAtOnce }],
      pricing: await price.imeiCheckPrice(tb.db),
      detail: { imei: IMEI.availableAtOnce },
      upstreamMode: "credits",
      sufficientCredits: null,
    });
  });

  it("prices a paid device's full report at its own cost plus the same margin, and says so", async () => {
    const priced = await sale.imeiCheckSale({ imei: IMEI.availableAtOnce, fullReport: true })({ mode: "payment_link" });
    const check = await price.imeiCheckPrice(tb.db);
    const full = await price.imeiCheckPrice(tb.db, { fullReport: true });
    expect(priced).toMatchObject({
      ok: true,
      label: `Full IMEI report for ${IMEI.availableAtOnce}`,
      pricing: full,
      detail: { imei: IMEI.availableAtOnce, report: "full" },
    });
    expect(full.amountMinor - check.amountMinor).toBe(price.IMEI_FULL_REPORT_COST_MINOR - price.IMEI_CHECK_COST_MINOR);
  });

  it("a production unlocking account without IMEI check hash settings: the sale is refused with a buyer message, staff get the cause, nothing reaches the upstream", async () => {
    const counters = async () =>
      Object.entries((await tb.counters()) as Record<string, number>).filter(([route]) =>
        route.startsWith("POST /imeicheck"),
      ).length;
    await tb.resetCounters();
    vi.stubEnv("UNLOCK_IMEICHECK_HASH_ALGORITHM", "");
    vi.resetModules();
    const [unconfigured, availability] = await Promise.all([import("./sale"), import("./availability")]);
    try {
      expect(await availability.imeiCheckSetupProblem()).toBe(
        "IMEI checks are off: the unlocking account is production and no IMEI check hash is configured (Admin → Upstream connection)",
      );
      const refused = await unconfigured.imeiCheckSale({ imei: IMEI.availableLater })({ mode: "credits" });
      expect(refused).toEqual({ ok: false, error: "IMEI checks are not available at the moment." });
      expect(await counters()).toBe(0);
    } finally {
      stubAppEnv({ databaseUrl: tb.url, emulatorUrl: tb.emulatorUrl });
      vi.resetModules();
    }
  });

  it("refuses a malformed IMEI, naming the field", async () => {
    expect(await sale.imeiCheckSale({ imei: "123456789876544" })({ mode: "credits" })).toMatchObject({
      ok: false,
      field: "imei",
      error: expect.stringContaining("check digit"),
    });
  });
});
