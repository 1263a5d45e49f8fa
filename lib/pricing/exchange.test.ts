import { describe, expect, it } from "vitest";
import { convertBackDown, convertUp, paidInCostCurrency, retailIn, supplierRate } from "./exchange";
import { retailBreakdown } from "./retail";

const margin = { percent: 5, fixedMinor: 30 };

describe("prices in the buyer's currency", () => {
  it("a catalog figure converted at the supplier's own rate is the supplier's dollar figure, to the cent", () => {
    const rate = supplierRate(1049, 1143)!;
    expect(convertUp(1049, rate)).toBe(1143);
    const usd = retailIn(
      "USD",
      { productType: "topup", costMinor: 1049, costCurrency: "EUR", amountMinor: 1000, margin },
      rate,
    )!;
    // The margin is the shop's rule applied to the dollar cost: ceil(1143 × 5 %) + 30 = 58 + 30.
    expect(usd).toMatchObject({
      currency: "USD",
      totalMinor: 1143 + 58 + 30,
      costMinor: 1049,
      costCurrency: "EUR",
      exchange: rate,
    });
    expect(usd.amountMinor + usd.serviceFeeMinor + usd.smsFeeMinor).toBe(usd.totalMinor);
  });

  it("fractions of a cent round up, so the shop never sells below its rule", () => {
    const rate = { numerator: 10850, denominator: 10000, source: "staff" as const, date: "2026-11-20" };
    expect(convertUp(1000, rate)).toBe(1085);
    expect(convertUp(999, rate)).toBe(1084); // 1083.915 → 1084
    expect(convertBackDown(1084, rate)).toBe(999); // 999.07… → 999
  });

  it("the SMS fee is converted and passed through; the face value never exceeds the product's cost", () => {
    const rate = { numerator: 101, denominator: 100, source: "supplier" as const };
    const usd = retailIn(
      "USD",
      {
        productType: "topup",
        costMinor: 100,
        costCurrency: "EUR",
        smsFeeMinor: 50,
        amountMinor: 50,
        margin: { percent: 0, fixedMinor: 0 },
      },
      rate,
    )!;
    // The dollar cost is 101 (ceil of 100 × 1.01), the SMS fee 51 (ceil of 50.5): the face value, 51 on its own, is held to the 50 left.
    expect(usd).toMatchObject({ smsFeeMinor: 51, amountMinor: 50, serviceFeeMinor: 0, totalMinor: 101 });
  });

  it("in the cost's own currency it is the plain retail rule; without a rate there is no dollar price", () => {
    const input = { productType: "esim" as const, costMinor: 1299, costCurrency: "EUR", margin };
    expect(retailIn("EUR", input, null)).toEqual(retailBreakdown(input));
    expect(retailIn("USD", input, null)).toBeNull();
    expect(supplierRate(0, 100)).toBeNull();
    expect(supplierRate(100, null)).toBeNull();
  });

  it("a paid order is compared with the supplier's price in the supplier's currency", () => {
    const exchange = { numerator: 1143, denominator: 1049, source: "supplier" as const };
    expect(paidInCostCurrency({ currency: "EUR", retailAmount: 1131, pricing: {} }, "EUR")).toBe(1131);
    // $12.31 at 1143/1049 is worth €11.29 (rounded down).
    expect(
      paidInCostCurrency({ currency: "USD", retailAmount: 1231, pricing: { costCurrency: "EUR", exchange } }, "EUR"),
    ).toBe(1129);
    expect(paidInCostCurrency({ currency: "USD", retailAmount: 1231, pricing: {} }, "EUR")).toBeNull();
  });
});
