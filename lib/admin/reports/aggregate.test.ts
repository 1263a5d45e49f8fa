import { describe, expect, it } from "vitest";
import { aggregateReport, topOf, type ReportOrder } from "./aggregate";
import { parseRange } from "./range";

const order = (o: Partial<ReportOrder>): ReportOrder => ({
  productType: "topup",
  status: "fulfilled",
  currency: "EUR",
  retailAmount: 1000,
  costAmount: 900,
  costCurrency: "EUR",
  createdAt: new Date("2026-11-20T10:00:00Z"),
  detail: {},
  ...o,
});

describe("aggregateReport", () => {
  it("reports each currency apart; a dollar sale's euro cost is converted at the order's own rate", () => {
    const exchange = { numerator: 1143, denominator: 1049, source: "supplier" };
    const orders = [
      order({ retailAmount: 1131, costAmount: 1049 }),
      order({
        currency: "USD",
        retailAmount: 1231,
        costAmount: 1049,
        costCurrency: "EUR",
        pricing: { costCurrency: "EUR", exchange },
      }),
      order({ currency: "USD", retailAmount: 500, costAmount: 400, costCurrency: "EUR", pricing: {} }),
    ];
    const range = { from: "2026-11-20", to: "2026-11-20" };
    const eur = aggregateReport(orders, range);
    expect(eur.totals).toEqual({ salesMinor: 1131, costMinor: 1049, marginMinor: 82, orders: 1 });
    expect(eur.otherCurrencyOrders).toBe(2);
    expect(eur.currencies).toEqual([
      { currency: "EUR", orders: 1 },
      { currency: "USD", orders: 2 },
    ]);
    const usd = aggregateReport(orders, { ...range, currency: "USD" });
    // $12.31 paid; €10.49 cost at 1143/1049 is $11.43: $0.88 margin. The order without a rate has no margin.
    expect(usd.totals).toEqual({ salesMinor: 1731, costMinor: 1143, marginMinor: 88, orders: 2 });
    expect(usd.otherCurrencyOrders).toBe(1);
  });

  it("sums sales, cost and margin in minor units per day and product, counting only paid orders", () => {
    const report = aggregateReport(
      [
        order({ retailAmount: 1999, costAmount: 1801 }),
        order({ retailAmount: 1, costAmount: 0, createdAt: new Date("2026-11-20T23:59:59.999Z") }),
        order({
          productType: "giftcard",
          retailAmount: 2550,
          costAmount: 2450,
          createdAt: new Date("2026-11-21T00:00:00Z"),
        }),
        order({ status: "awaiting_payment" }),
        order({ status: "refunded" }),
        order({ status: "placed", costAmount: null, retailAmount: 500 }),
        order({ currency: "USD" }),
        order({ createdAt: new Date("2026-11-22T00:00:00Z") }),
      ],
      { from: "2026-11-19", to: "2026-11-21" },
    );
    expect(report.totals).toEqual({
      salesMinor: 1999 + 1 + 2550 + 500,
      costMinor: 1801 + 0 + 2450,
      marginMinor: 198 + 1 + 100,
      orders: 4,
    });
    expect(report.days.map((d) => [d.day, d.salesMinor, d.marginMinor, d.orders])).toEqual([
      ["2026-11-19", 0, 0, 0],
      ["2026-11-20", 2500, 199, 3],
      ["2026-11-21", 2550, 100, 1],
    ]);
    expect(report.products.map((p) => [p.productType, p.salesMinor, p.marginMinor, p.orders])).toEqual(
      [
        ["topup", 2500, 199, 3],
        ["giftcard", 2550, 100, 1],
      ].sort((a, b) => (b[1] as number) - (a[1] as number)),
    );
    expect(report.otherCurrencyOrders).toBe(1);
    for (const value of [report.totals.salesMinor, report.totals.marginMinor, ...report.days.map((d) => d.salesMinor)])
      expect(Number.isInteger(value)).toBe(true);
  });

  it("ranks operators, destinations, brands and devices by orders, then sales", () => {
    const report = aggregateReport(
      [
        order({ detail: { operator: { name: "O2" } } }),
        order({ detail: { product: { operator_name: "EE" } }, retailAmount: 5000 }),
        order({ detail: { operator: { name: "O2" } } }),
        order({ productType: "giftcard", detail: { giftcard: { brandName: "Google Play" } } }),
        order({ productType: "esim", detail: { product: { country_iso: "fr" } } }),
        order({ productType: "unlock", detail: { deviceId: 42 } }),
        order({
          productType: "unlock",
          detail: { deviceId: 7, unlock: { brandName: "Apple", deviceName: "iPhone 13" } },
        }),
        order({
          productType: "unlock",
          detail: { deviceId: 7, unlock: { brandName: "Apple", deviceName: "Apple iPhone 13" } },
        }),
      ],
      { from: "2026-11-20", to: "2026-11-20" },
    );
    expect(report.top.operators.map((r) => [r.label, r.orders])).toEqual([
      ["O2", 2],
      ["EE", 1],
    ]);
    expect(report.top.brands[0]).toEqual({ label: "Google Play", orders: 1, salesMinor: 1000 });
    expect(report.top.destinations[0]?.label).toBe("FR");
    expect(report.top.devices.map((r) => [r.label, r.orders])).toEqual([
      ["Apple iPhone 13", 2],
      ["Device #42", 1],
    ]);
    expect(topOf({ productType: "imeicheck", detail: {} })).toBeNull();
  });
});

describe("parseRange", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  it("defaults to the last 30 days and refuses bad or reversed dates", () => {
    expect(parseRange({}, now)).toEqual({ from: "2026-10-23", to: "2026-11-21" });
    expect(parseRange({ from: "2026-02-30", to: "2026-03-01" }, now).error).toBeTruthy();
    expect(parseRange({ from: "2026-03-02", to: "2026-03-01" }, now).error).toBeTruthy();
    expect(parseRange({ from: "2026-03-01", to: "2026-03-02" }, now)).toEqual({ from: "2026-03-01", to: "2026-03-02" });
    expect(parseRange({ from: "2020-01-01", to: "2026-01-01" }, now)).toMatchObject({
      from: "2025-01-01",
      to: "2026-01-01",
    });
  });
});
