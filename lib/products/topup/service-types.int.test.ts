import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { createOrder } from "@/lib/orders/create";
import { stubAppEnv } from "@/testing/app-env";
import { startOrderTestbed, WORKING_UK_MOBILE, type OrderTestbed } from "@/testing/orders";
import type { TopupOffer } from "./types";

// Top-up rates that name no service type (the documented reading: C§2 "Rate" names only the
// token, fees and totals) are grouped by the operator's service types (C§4 GET
// /topup/operators/{id}/service-types; upstream-notes: each is a child operator id whose rates
// are that type's): the page shows Airtime / Data / Bundle with the same tokens and prices as on
// the observed reading, each rate named by its type and value (./typed-rates.ts, ./rate-name.ts).
// When those reads fail the page still sells, in one tab; rates that carry their type cost no
// further read.

let tb: OrderTestbed;
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

const O2 = "1010";
const O2_CHILDREN = ["1011", "1012", "1013"];
/** O2 15 GBP airtime: 18.12 EUR with a 0.57 EUR fee (emulator catalog, seed 42). */
const O2_AIRTIME_15_GBP = "tp_fd79bc58c135af68fdb27f4b";

beforeAll(async () => {
  tb = await startOrderTestbed();
  stubAppEnv({ databaseUrl: tb.url, emulatorUrl: tb.emulatorUrl });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await tb?.close();
});

async function freshReading(dialect: "observed" | "documented") {
  await tb.control("PATCH", "/config", { dialect });
  await tb.db.catalogCacheEntry.deleteMany();
  await tb.resetCounters();
}

async function offerOf(locale: "en" | "es" = "en"): Promise<TopupOffer> {
  const { loadOperatorOffer } = await import("./offer");
  const offer = await loadOperatorOffer(O2, locale);
  if (!offer.ok) throw new Error(offer.error);
  return offer.value;
}

/** Per tab: each rate's token and price, in the tab's order. */
const tabsOf = (offer: TopupOffer) =>
  offer.serviceTypes.map((group) => ({
    type: group.type,
    rates: group.choices.map((c) => ({ token: c.token, totalMinor: c.totalMinor, feeMinor: c.feeMinor })),
  }));

const childReads = (counters: Record<string, number>) =>
  Object.entries(counters).filter(
    ([route]) =>
      route.includes("/service-types") || O2_CHILDREN.some((id) => route === `GET /v2/topup/operators/${id}/rates`),
  );

describe("top-up rates without a service type (documented reading)", () => {
  afterEach(() => tb.clearFaults());

  it("are grouped into airtime, data and bundle with the observed reading's tokens and prices, named by type and value", async () => {
    await freshReading("observed");
    const observed = await offerOf();
    await freshReading("documented");
    const documented = await offerOf();

    expect(documented.serviceTypes.map((group) => group.type)).toEqual(["airtime", "data", "bundle"]);
    expect(tabsOf(documented)).toEqual(tabsOf(observed));

    const word = { airtime: "Airtime", data: "Data", bundle: "Bundle" } as Record<string, string>;
    for (const group of documented.serviceTypes) {
      for (const choice of group.choices) {
        expect(choice.serviceType).toBe(group.type);
        expect(choice.productName).toMatch(new RegExp(`^${word[group.type]} worth €\\d+\\.\\d{2}(, option \\d)?$`));
      }
      // A buyer can tell every choice of a tab apart.
      expect(new Set(group.choices.map((c) => c.productName)).size).toBe(group.choices.length);
    }
    const airtime15 = documented.choices.find((c) => c.token === O2_AIRTIME_15_GBP)!;
    expect(airtime15).toMatchObject({
      productName: "Airtime worth €17.55",
      serviceType: "airtime",
      description: "Prepaid credit in the recipient's local currency.",
    });
    // Two data rates at the same price, which nothing in the documented answer tells apart: numbered.
    expect(documented.serviceTypes[1]!.choices.slice(0, 2).map((c) => c.productName)).toEqual([
      "Data worth €5.85, option 1",
      "Data worth €5.85, option 2",
    ]);

    // One read of the service types and one of each child's rates, then the cache answers.
    expect(childReads(await tb.counters()).sort()).toEqual([
      [`GET /v2/topup/operators/${O2}/service-types`, 1],
      ...O2_CHILDREN.map((id) => [`GET /v2/topup/operators/${id}/rates`, 1] as [string, number]),
    ]);
    await offerOf();
    expect(childReads(await tb.counters()).every(([, count]) => count === 1)).toBe(true);
  });

  it("are named in Spanish on a Spanish page, at the same tokens and prices", async () => {
    await freshReading("documented");
    const english = await offerOf("en");
    const spanish = await offerOf("es");
    expect(tabsOf(spanish)).toEqual(tabsOf(english));
    expect(spanish.choices.find((c) => c.token === O2_AIRTIME_15_GBP)!.productName).toMatch(
      /^Saldo por valor de 17,55\s€$/,
    );
    expect(
      spanish.serviceTypes
        .find((g) => g.type === "data")!
        .choices.every((c) => c.productName.startsWith("Datos por valor de ")),
    ).toBe(true);
    expect(
      spanish.serviceTypes
        .find((g) => g.type === "bundle")!
        .choices.every((c) => c.productName.startsWith("Paquete por valor de ")),
    ).toBe(true);
  });

  it("sell a chosen rate at the offered price, under the name the buyer chose, and 'Top up again' finds it", async () => {
    await freshReading("documented");
    const { topupSale } = await import("./sale");
    const { topupAgainHref } = await import("./buy-again");
    const offer = await offerOf();
    const choice = offer.choices.find((c) => c.token === O2_AIRTIME_15_GBP)!;

    const sale = await topupSale({ phone: WORKING_UK_MOBILE, rate: choice.token, operator: O2 })({ mode: "credits" });
    if (!sale.ok) throw new Error(sale.error);
    expect(sale.pricing).toMatchObject({ currency: "EUR", totalMinor: choice.totalMinor, costMinor: 1812 });
    expect(sale.label).toBe(`Airtime worth €17.55 to +44 7400 123456 (O2, United Kingdom)`);

    const order = await createOrder(tb.db, {
      productType: "topup",
      submissionId: randomUUID(),
      customerEmail: "buyer@example.com",
      detail: sale.detail as Prisma.InputJsonValue,
      pricing: sale.pricing,
    });
    expect(order.detail).toMatchObject({
      priceToken: choice.token,
      product: { name: "Airtime worth €17.55", service_type: "airtime" },
      operator: { id: O2 },
    });
    expect(await topupAgainHref(order.detail)).toContain(`rate=${choice.token}`);

    // A data rate that shares its price with another: the numbered name goes with the order.
    const data = offer.serviceTypes.find((g) => g.type === "data")!.choices[1]!;
    const dataSale = await topupSale({ phone: WORKING_UK_MOBILE, rate: data.token, operator: O2 })({ mode: "credits" });
    if (!dataSale.ok) throw new Error(dataSale.error);
    expect(dataSale.pricing).toMatchObject({ totalMinor: data.totalMinor });
    expect(dataSale.detail).toMatchObject({ priceToken: data.token, product: { name: "Data worth €5.85, option 2" } });
  });

  it("are offered and sold the same way at the point of sale (the number's operator, no operator named)", async () => {
    await freshReading("documented");
    const { lookupCarrier } = await import("./carrier");
    const { loadOperatorOffer } = await import("./offer");
    const { saleOf, COUNTER_CONTEXT } = await import("@/lib/admin/pos/sale");
    const carrier = await lookupCarrier(WORKING_UK_MOBILE);
    if (!carrier.ok) throw new Error(carrier.error);
    const offer = await loadOperatorOffer(carrier.carrier.operatorId);
    if (!offer.ok) throw new Error(offer.error);
    expect(offer.value.serviceTypes.map((g) => g.type)).toEqual(["airtime", "data", "bundle"]);
    const rate = offer.value.choices.filter((c) => c.serviceType === "airtime")[2]!;
    expect(rate.productName).toMatch(/^Airtime worth €\d+\.\d{2}$/);
    const sale = await saleOf({ product: "topup", phone: WORKING_UK_MOBILE, rate: rate.token })(COUNTER_CONTEXT);
    if (!sale.ok) throw new Error(sale.error);
    expect(sale.pricing).toMatchObject({ totalMinor: rate.totalMinor });
    expect(sale.label.startsWith(`${rate.productName} to `)).toBe(true);
  });

  it("still sell, in one tab, when the service types cannot be read", async () => {
    await freshReading("documented");
    const { topupSale } = await import("./sale");
    await tb.fault({ method: "GET", path: `/v2/topup/operators/${O2}/service-types`, kind: "malformed" });
    const upstream = await tb.clients.commerce.getOperatorRates(O2);
    const offer = await offerOf();
    expect(offer.serviceTypes.map((g) => g.type)).toEqual(["topup"]);
    expect(offer.choices.map((c) => c.token).sort()).toEqual(upstream.rates.map((r) => r.token).sort());
    expect(offer.choices.every((c) => /^Top-up worth €\d+\.\d{2}(, option \d)?$/.test(c.productName))).toBe(true);

    const choice = offer.choices.find((c) => c.token === O2_AIRTIME_15_GBP)!;
    expect(choice.productName).toBe("Top-up worth €17.55");
    const sale = await topupSale({ phone: WORKING_UK_MOBILE, rate: choice.token, operator: O2 })({ mode: "credits" });
    if (!sale.ok) throw new Error(sale.error);
    expect(sale.pricing).toMatchObject({ totalMinor: choice.totalMinor, costMinor: 1812 });
  });

  it("still sell, in one tab, when a child's rates cannot be read", async () => {
    await freshReading("documented");
    await tb.fault({ method: "GET", path: "/v2/topup/operators/1012/rates", kind: "malformed" });
    const offer = await offerOf();
    expect(offer.serviceTypes.map((g) => g.type)).toEqual(["topup"]);
    expect(offer.choices).toHaveLength(11);
  });
});

describe("top-up rates that carry their service type (observed reading)", () => {
  it("are offered without reading the service types or the children's rates", async () => {
    await freshReading("observed");
    const english = await offerOf("en");
    await offerOf("es");
    expect(english.serviceTypes.map((g) => g.type)).toEqual(["airtime", "data", "bundle"]);
    expect(english.choices.find((c) => c.token === O2_AIRTIME_15_GBP)!.productName).toBe("O2 15 GBP Airtime");
    const counters = await tb.counters();
    expect(counters[`GET /v2/topup/operators/${O2}/rates`]).toBe(2);
    expect(childReads(counters)).toEqual([]);
  });
});
