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

  it("refuses a malformed IMEI, naming the field", async () => {
    expect(await sale.imeiCheckSale({ imei: "123456789876544" })({ mode: "credits" })).toMatchObject({ ok: false, field: "imei", error: expect.stringContaining("check digit") });
  });
});
