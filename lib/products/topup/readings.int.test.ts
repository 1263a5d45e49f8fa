import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { createOrder } from "@/lib/orders/create";
import { stubAppEnv } from "@/testing/app-env";
import { EE_UK_OPERATOR, startOrderTestbed, WORKING_UK_MOBILE, type OrderTestbed } from "@/testing/orders";

// A top-up on both readings of the contract (emulator README "Dialects"): the shop sells from
// the operator's rates (C§4 GET /topup/operators/{id}/rates), whether they come wrapped with names
// (upstream-notes) or as bare C§2 price points; the sale step checks the buyer's choice against
// them, and the order keeps the chosen token and the supplier's cost for it.

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
  { dialect: "observed", name: /^EE \d/, tabs: ["airtime", "data", "bundle"] },
  // C§2 price points name no service type: the operator's service types group them (./typed-rates.ts), named by the shop.
  {
    dialect: "documented",
    name: /^(Airtime|Data|Bundle) worth €\d+\.\d{2}(, option \d)?$/,
    tabs: ["airtime", "data", "bundle"],
  },
] as const)("a top-up on the $dialect dialect", ({ dialect, name, tabs }) => {
  beforeAll(async () => {
    await tb.control("PATCH", "/config", { dialect });
    // Each reading starts from an empty catalog cache (the other reading's answers are cached).
    await tb.db.catalogCacheEntry.deleteMany();
  });

  it("is offered, checked by its sale step and ordered at the rates endpoint's token and cost", async () => {
    const { loadOperatorOffer } = await import("./offer");
    const { topupSale } = await import("./sale");
    const upstream = await tb.clients.commerce.getOperatorRates(EE_UK_OPERATOR);
    const offer = await loadOperatorOffer(EE_UK_OPERATOR);
    if (!offer.ok) throw new Error(offer.error);
    expect(offer.value).toMatchObject({ operatorId: EE_UK_OPERATOR, operatorName: "EE", countryCode: "gb" });
    expect(offer.value.choices.map((c) => c.token).sort()).toEqual(upstream.rates.map((r) => r.token).sort());
    expect(offer.value.serviceTypes.map((group) => group.type)).toEqual(tabs);

    // A rate that fulfils (the two cheapest airtime rates fail on purpose: catalog README).
    const rate = [...upstream.rates].sort((a, b) => a.total_cost_eur - b.total_cost_eur)[2]!;
    const choice = offer.value.choices.find((c) => c.token === rate.token)!;
    expect(choice.productName).toMatch(name);
    expect(choice.totalMinor).toBeGreaterThan(rate.total_cost_eur);

    const sale = await topupSale({ phone: WORKING_UK_MOBILE, rate: rate.token, operator: EE_UK_OPERATOR })({
      mode: "credits",
    });
    if (!sale.ok) throw new Error(sale.error);
    // The price the buyer saw is the price the sale step charges (lib/checkout/checkout.ts compares them).
    expect(sale.pricing).toMatchObject({
      currency: "EUR",
      totalMinor: choice.totalMinor,
      costMinor: rate.total_cost_eur,
    });
    expect(sale.label).toBe(`${choice.productName} to +44 7400 123456 (EE, United Kingdom)`);

    const order = await createOrder(tb.db, {
      productType: "topup",
      submissionId: randomUUID(),
      customerEmail: "buyer@example.com",
      detail: sale.detail as Prisma.InputJsonValue,
      pricing: sale.pricing,
    });
    expect(order.detail).toMatchObject({
      priceToken: rate.token,
      phone: WORKING_UK_MOBILE,
      product: { name: choice.productName },
      operator: { id: EE_UK_OPERATOR, countryCode: "gb" },
    });
    expect(order.pricing).toMatchObject({ costMinor: rate.total_cost_eur, totalMinor: choice.totalMinor });

    // "Top up again" finds the same rate among today's choices.
    const { topupAgainHref } = await import("./buy-again");
    expect(await topupAgainHref(order.detail)).toContain(`rate=${rate.token}`);
  });

  it("refuses a token that is not one of the operator's rates", async () => {
    const { topupSale } = await import("./sale");
    expect(
      await topupSale({ phone: WORKING_UK_MOBILE, rate: "tp_not_offered", operator: EE_UK_OPERATOR })({
        mode: "credits",
      }),
    ).toMatchObject({ ok: false, field: "rate" });
  });

  it("adds the 0.99 EUR SMS fee (C§8) to the same rate", async () => {
    const { topupSale } = await import("./sale");
    const upstream = await tb.clients.commerce.getOperatorRates(EE_UK_OPERATOR);
    const token = upstream.rates[2]!.token;
    const plain = await topupSale({ phone: WORKING_UK_MOBILE, rate: token, operator: EE_UK_OPERATOR })({
      mode: "credits",
    });
    const sms = await topupSale({
      phone: WORKING_UK_MOBILE,
      rate: token,
      operator: EE_UK_OPERATOR,
      sms: true,
      smsText: "Hi",
    })({ mode: "credits" });
    if (!plain.ok || !sms.ok) throw new Error("not priced");
    expect(sms.pricing.smsFeeMinor).toBe(99);
    expect(sms.pricing.totalMinor).toBe(plain.pricing.totalMinor + 99);
  });
});

describe("a top-up on the documented dialect when the operator detail cannot be read", () => {
  beforeAll(async () => {
    await tb.control("PATCH", "/config", { dialect: "documented" });
    await tb.db.catalogCacheEntry.deleteMany();
  });
  afterAll(() => tb.clearFaults());

  it("says clearly that it cannot sell: bare price points name no operator or country to check the number against", async () => {
    const { loadOperatorOffer, OPERATOR_UNNAMED } = await import("./offer");
    const { topupSale } = await import("./sale");
    await tb.fault({ method: "GET", path: `/v2/topup/products/${EE_UK_OPERATOR}`, kind: "malformed" });
    const offer = await loadOperatorOffer(EE_UK_OPERATOR);
    expect(offer).toEqual({ ok: false, error: OPERATOR_UNNAMED });
    const token = (await tb.clients.commerce.getOperatorRates(EE_UK_OPERATOR)).rates[2]!.token;
    expect(
      await topupSale({ phone: WORKING_UK_MOBILE, rate: token, operator: EE_UK_OPERATOR })({ mode: "credits" }),
    ).toEqual({ ok: false, error: OPERATOR_UNNAMED });
  });
});
