import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "@/emulator/app";
import type { TestDatabase } from "@/lib/db/testing";
import { startAppWithEmulator, stopAppWithEmulator } from "@/testing/app-env";

// The eSIM's checkout step against the emulator's catalog, as both channels call it: the point of
// sale's choice (destination as `country`) checked against the catalog, priced, and written with
// the one detail schema the order page reads (`destinationCode`, never `countryIso`).

let emu: RunningEmulator;
let t: TestDatabase;
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

beforeAll(async () => void ({ emu, t } = await startAppWithEmulator()));
afterAll(() => stopAppWithEmulator({ emu, t }));

describe("the eSIM sale step", () => {
  it("prices a plan of the destination, with the detail the order page reads", async () => {
    const { esimSale } = await import("./sale");
    const { posEsimPlans } = await import("./pos-catalog");
    const { esimPurchaseLines } = await import("./lines");
    const { options } = await posEsimPlans("de");
    const option = options[0]!;
    const sale = await esimSale({ country: "de", plan: option.catalogId })({ mode: "credits" });
    if (!sale.ok) throw new Error(sale.error);
    expect(sale).toMatchObject({
      productType: "esim",
      facts: [],
      upstreamMode: "credits",
      label: `${option.label} (Germany)`,
    });
    expect(sale.pricing.totalMinor).toBe(option.totalMinor);
    const detail = JSON.parse(JSON.stringify(sale.detail));
    expect(detail).toMatchObject({
      catalogId: option.catalogId,
      esim: { catalogId: option.catalogId, destinationCode: "de", destinationName: "Germany", coverage: "COUNTRY" },
    });
    expect(esimPurchaseLines(detail)[0]).toEqual({ label: "Destination", value: "Germany (DE)" });
  });

  it("refuses a plan of another destination in each channel's words", async () => {
    const { esimSale } = await import("./sale");
    const { posEsimPlans } = await import("./pos-catalog");
    const { options } = await posEsimPlans("jp");
    const japanese = options[0]!.catalogId;
    expect(await esimSale({ country: "de", plan: japanese })({ mode: "credits" })).toEqual({
      ok: false,
      error: "That plan is no longer offered for this destination. Please choose again.",
      field: "plan",
    });
    expect(
      await esimSale(
        { country: "de", plan: japanese },
        { notOffered: "start again", unavailable: "eSIMs are off" },
      )({ mode: "credits" }),
    ).toEqual({ ok: false, error: "start again", field: "plan" });
  });
});
