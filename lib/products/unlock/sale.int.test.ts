import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMEI, startOrderTestbed, UNLOCK_PAIR, type OrderTestbed } from "@/testing/orders";
import { stubAppEnv } from "@/testing/app-env";

// The unlock's checkout step on a real database and the emulator's unlocking API: the checks
// the storefront and the point of sale share, and the priced sale both make an order from.

let tb: OrderTestbed;
let sale: typeof import("./sale");
const choice = {
  brand: 1,
  device: UNLOCK_PAIR.deviceId,
  country: 826,
  network: UNLOCK_PAIR.networkId,
  tool: UNLOCK_PAIR.toolInstant,
  imei: IMEI.availableAtOnce,
  suffixes: {},
};
const ALL_SUFFIXES_TOOL = 12;

beforeAll(async () => {
  tb = await startOrderTestbed();
  stubAppEnv({ databaseUrl: tb.url, emulatorUrl: tb.emulatorUrl });
  sale = await import("./sale");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await tb?.close();
});

describe("the unlock sale step", () => {
  it("prices the choice with the service's facts and builds the detail", async () => {
    const priced = await sale.unlockSale(choice)({ mode: "credits" });
    expect(priced).toMatchObject({
      ok: true,
      productType: "unlock",
      label: "Instant Network Code: Apple iPhone 13 on EE (United Kingdom)",
      upstreamMode: "credits",
      sufficientCredits: null,
      detail: {
        deviceId: choice.device,
        networkId: choice.network,
        toolId: choice.tool,
        imei: IMEI.availableAtOnce,
        suffixes: {},
        unlock: { deviceName: "iPhone 13", networkName: "EE" },
      },
    });
    expect(priced.ok && priced.facts.map((f) => f.label)).toEqual([
      "Service",
      "Guaranteed time",
      "Success rate",
      "IMEI",
    ]);
  });

  it("refuses with the channel's words for a gone service, and the first field at fault", async () => {
    expect(await sale.unlockSale({ ...choice, tool: 999 }, { serviceGone: "Gone." })({ mode: "credits" })).toEqual({
      ok: false,
      error: "Gone.",
      field: "tool",
    });
    expect(await sale.unlockSale({ ...choice, tool: ALL_SUFFIXES_TOOL, imei: "1" })({ mode: "credits" })).toMatchObject(
      { ok: false, field: "imei" },
    );
  });

  it("lists every problem for a form that shows them all", async () => {
    const checked = await sale.checkUnlockChoice({
      ...choice,
      tool: ALL_SUFFIXES_TOOL,
      imei: "123456789876544",
      suffixes: { sn: "SNAB12-C3456", prd: "x" },
    });
    if (!checked.ok) throw new Error(checked.error);
    expect(Object.keys(checked.problems)).toEqual(["imei", "prd", "pin", "mep", "sro"]);
    expect(checked.suffixes).toEqual({ sn: "SNAB12-C3456" });
  });
});
