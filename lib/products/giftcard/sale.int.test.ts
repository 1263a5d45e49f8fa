import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "@/emulator/app";
import type { TestDatabase } from "@/lib/db/testing";
import { startAppWithEmulator, stopAppWithEmulator } from "@/testing/app-env";

// The gift card's checkout step against the emulator's catalog, as both channels call it.

let emu: RunningEmulator;
let t: TestDatabase;
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

beforeAll(async () => void ({ emu, t } = await startAppWithEmulator()));
afterAll(() => stopAppWithEmulator({ emu, t }));

async function steamOffer() {
  const { loadBrandOffer } = await import("./catalog");
  const offer = await loadBrandOffer("gb", "steam");
  if (offer.ok !== true) throw new Error("no Steam in the United Kingdom");
  return offer.value;
}

describe("the gift card sale step", () => {
  it("prices one of the brand's denominations, with the detail the order page reads", async () => {
    const { giftcardSale } = await import("./sale");
    const { giftcardPurchaseLines } = await import("./lines");
    const { brand, denominations } = await steamOffer();
    const value = denominations[0]!;
    const sale = await giftcardSale({ country: "gb", brand: "steam", denomination: value.token })({ mode: "credits" });
    if (!sale.ok) throw new Error(sale.error);
    expect(sale).toMatchObject({
      productType: "giftcard",
      facts: [],
      upstreamMode: "credits",
      label: `${value.productName} (Steam, ${brand.countryName})`,
    });
    expect(sale.pricing.totalMinor).toBe(value.totalMinor);
    const detail = JSON.parse(JSON.stringify(sale.detail));
    expect(detail).toMatchObject({
      priceToken: value.token,
      giftcard: { brandId: brand.id, brandName: "Steam", countryCode: "gb" },
    });
    expect(giftcardPurchaseLines(detail).slice(0, 2)).toEqual([
      { label: "Brand", value: "Steam" },
      { label: "Country", value: brand.countryName },
    ]);
  });

  it("refuses a brand or value the catalog does not sell, in each channel's words", async () => {
    const { giftcardSale } = await import("./sale");
    const { denominations } = await steamOffer();
    const token = denominations[0]!.token;
    expect(
      await giftcardSale({ country: "gb", brand: "no-such-brand", denomination: token })({ mode: "credits" }),
    ).toEqual({
      ok: false,
      error: "That brand is no longer sold in this country. Please choose again.",
      field: "brand",
    });
    expect(await giftcardSale({ country: "gb", brand: "steam", denomination: "gc_gone" })({ mode: "credits" })).toEqual(
      { ok: false, error: "That value is no longer offered. Please choose again.", field: "denomination" },
    );
    expect(
      await giftcardSale(
        { country: "gb", brand: "steam", denomination: "gc_gone" },
        { brandGone: "again", valueGone: "start again" },
      )({ mode: "credits" }),
    ).toEqual({ ok: false, error: "start again", field: "denomination" });
  });
});
