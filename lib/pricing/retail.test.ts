import { describe, expect, it } from "vitest";
import { marginMinor, retailBreakdown } from "./retail";

const noMargin = { percent: 0, fixedMinor: 0 };

describe("marginMinor: ceil(cost × percent / 100) + fixed", () => {
  it("is zero at 0 % and no fixed part", () => {
    expect(marginMinor(1878, noMargin)).toBe(0);
  });

  it("is only the fixed part at 0 %", () => {
    expect(marginMinor(1878, { percent: 0, fixedMinor: 99 })).toBe(99);
  });

  it("rounds any fraction of a minor unit up", () => {
    // 1001 × 5 % = 50.05 → 51
    expect(marginMinor(1001, { percent: 5, fixedMinor: 0 })).toBe(51);
    // 1 × 1 % = 0.01 → 1
    expect(marginMinor(1, { percent: 1, fixedMinor: 0 })).toBe(1);
  });

  it("does not round an exact result up (no floating-point creep)", () => {
    // 10 000 × 0.07 % is exactly 7; in floating point it is 7.000000000000001, which would round up to 8.
    expect(marginMinor(10_000, { percent: 0.07, fixedMinor: 0 })).toBe(7);
    expect(marginMinor(1000, { percent: 5, fixedMinor: 30 })).toBe(80);
    expect(marginMinor(300, { percent: 1.1, fixedMinor: 0 })).toBe(4); // 3.3 → 4
  });

  it("refuses floats, negatives and absurd percents", () => {
    expect(() => marginMinor(10.5, noMargin)).toThrow(RangeError);
    expect(() => marginMinor(-1, noMargin)).toThrow(RangeError);
    expect(() => marginMinor(100, { percent: -1, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => marginMinor(100, { percent: 5, fixedMinor: 1.5 })).toThrow(RangeError);
    expect(() => marginMinor(100, { percent: Number.NaN, fixedMinor: 0 })).toThrow(RangeError);
  });
});

describe("retailBreakdown", () => {
  it("adds the margin to the service fee and keeps the upstream's amount", () => {
    // The emulator's EE 15 GBP top-up: recharge 17.55 EUR, fee 1.23, total 18.78 (lib/upstream tests).
    const price = retailBreakdown({
      productType: "topup",
      costMinor: 1878,
      costCurrency: "EUR",
      amountMinor: 1755,
      margin: { percent: 5, fixedMinor: 30 },
    });
    // margin = ceil(1878 × 5 / 100) + 30 = ceil(93.9) + 30 = 124
    expect(price).toEqual({
      currency: "EUR",
      amountMinor: 1755,
      serviceFeeMinor: 123 + 124,
      smsFeeMinor: 0,
      totalMinor: 1878 + 124,
      costMinor: 1878,
    });
  });

  it("passes the 0.99 EUR SMS fee through at cost, without margin on it", () => {
    const price = retailBreakdown({
      productType: "topup",
      costMinor: 1977,
      costCurrency: "EUR",
      amountMinor: 1755,
      smsFeeMinor: 99,
      margin: { percent: 10, fixedMinor: 0 },
    });
    // margin on 1878 only: ceil(187.8) = 188
    expect(price.smsFeeMinor).toBe(99);
    expect(price.serviceFeeMinor).toBe(123 + 188);
    expect(price.totalMinor).toBe(1977 + 188);
    expect(price.costMinor).toBe(1977);
    expect(price.totalMinor).toBe(price.amountMinor + price.serviceFeeMinor + price.smsFeeMinor);
  });

  it("sells at the upstream's price with a 0 % margin", () => {
    const price = retailBreakdown({ productType: "esim", costMinor: 1499, costCurrency: "eur", margin: noMargin });
    expect(price).toEqual({
      currency: "EUR",
      amountMinor: 1499,
      serviceFeeMinor: 0,
      smsFeeMinor: 0,
      totalMinor: 1499,
      costMinor: 1499,
    });
  });

  it("treats the whole cost as the amount when no separate amount is given", () => {
    const price = retailBreakdown({
      productType: "unlock",
      costMinor: 2490,
      costCurrency: "EUR",
      margin: { percent: 25, fixedMinor: 100 },
    });
    expect(price).toMatchObject({ amountMinor: 2490, serviceFeeMinor: 623 + 100, totalMinor: 2490 + 723 });
  });

  it("refuses inconsistent parts", () => {
    expect(() =>
      retailBreakdown({ productType: "topup", costMinor: 50, costCurrency: "EUR", smsFeeMinor: 99, margin: noMargin }),
    ).toThrow(RangeError);
    expect(() =>
      retailBreakdown({
        productType: "topup",
        costMinor: 1000,
        costCurrency: "EUR",
        amountMinor: 1001,
        margin: noMargin,
      }),
    ).toThrow(RangeError);
    expect(() =>
      retailBreakdown({ productType: "topup", costMinor: 1000, costCurrency: "", margin: noMargin }),
    ).toThrow(RangeError);
  });
});
