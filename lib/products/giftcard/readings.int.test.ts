import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { createOrder } from "@/lib/orders/create";
import { stubAppEnv } from "@/testing/app-env";
import { startOrderTestbed, type OrderTestbed } from "@/testing/orders";

// A gift card on both readings of the contract (emulator README "Dialects"): its denominations
// come from C§4 GET /giftcards/brands/{id}/products, wrapped with names (upstream-notes) or as
// bare C§2 price points; the brand detail is optional and carries none on the documented
// reading. The sale step checks the choice, and the order keeps the token and the supplier's cost.

const STEAM_GB = "6056";
let tb: OrderTestbed;
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

beforeAll(async () => {
  tb = await startOrderTestbed();
  stubAppEnv({ databaseUrl: tb.url, emulatorUrl: tb.emulatorUrl });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await tb?.close();
});

describe.each([
  { dialect: "observed", name: /^Steam \d+ GBP gift card$/ },
  { dialect: "documented", name: /^Steam gift card worth €\d+\.\d{2}$/ },
] as const)("a gift card on the $dialect dialect", ({ dialect, name }) => {
  beforeAll(async () => {
    await tb.control("PATCH", "/config", { dialect });
    await tb.db.catalogCacheEntry.deleteMany();
  });

  it("is offered with the brand's details, checked by its sale step and ordered at the brand products' token and cost", async () => {
    const { loadBrandOffer } = await import("./catalog");
    const { giftcardSale } = await import("./sale");
    const upstream = await tb.clients.commerce.getGiftcardBrandProducts(STEAM_GB);
    const offer = await loadBrandOffer("gb", "steam");
    if (offer.ok !== true) throw new Error("Steam not offered");
    expect(offer.value.detailMissing).toBe(false);
    expect(offer.value.brand.redemptionInstructions).toContain("Steam");
    expect(offer.value.denominations.map((d) => d.token).sort()).toEqual(upstream.rates.map((r) => r.token).sort());

    // A denomination that fulfils (the two lowest fail on purpose: catalog README).
    const rate = [...upstream.rates].sort((a, b) => a.total_cost_eur - b.total_cost_eur)[2]!;
    const denomination = offer.value.denominations.find((d) => d.token === rate.token)!;
    expect(denomination.productName).toMatch(name);

    const sale = await giftcardSale({ country: "gb", brand: "steam", denomination: rate.token })({ mode: "credits" });
    if (!sale.ok) throw new Error(sale.error);
    expect(sale.pricing).toMatchObject({
      currency: "EUR",
      totalMinor: denomination.totalMinor,
      costMinor: rate.total_cost_eur,
    });
    expect(sale.label).toBe(`${denomination.productName} (Steam, United Kingdom)`);

    const order = await createOrder(tb.db, {
      productType: "giftcard",
      submissionId: randomUUID(),
      customerEmail: "buyer@example.com",
      detail: sale.detail as Prisma.InputJsonValue,
      pricing: sale.pricing,
    });
    expect(order.detail).toMatchObject({
      priceToken: rate.token,
      giftcard: { brandId: STEAM_GB, brandName: "Steam", countryCode: "gb" },
    });
    expect(order.pricing).toMatchObject({ costMinor: rate.total_cost_eur, totalMinor: denomination.totalMinor });
  });

  it("refuses a value the brand does not offer", async () => {
    const { giftcardSale } = await import("./sale");
    expect(
      await giftcardSale({ country: "gb", brand: "steam", denomination: "gc_not_offered" })({ mode: "credits" }),
    ).toMatchObject({ ok: false, field: "denomination" });
  });
});
