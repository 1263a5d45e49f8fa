import { describe, expect, it } from "vitest";
import { currencyExponent, decimalToMinor, formatMoney } from "./money";

describe("decimalToMinor", () => {
  it("converts the upstream's decimal strings exactly", () => {
    expect(decimalToMinor("21.98")).toBe(2198);
    expect(decimalToMinor("0.29")).toBe(29); // 0.29 * 100 is 28.999999999999996 as a float
    expect(decimalToMinor("1.1")).toBe(110);
    expect(decimalToMinor("5000")).toBe(500000);
    expect(decimalToMinor("0.00")).toBe(0);
    expect(decimalToMinor("007.05")).toBe(705);
  });

  it("keeps the sign of ledger movements", () => {
    expect(decimalToMinor("-18.78")).toBe(-1878);
    expect(decimalToMinor("-0.00")).toBe(0);
  });

  it("follows the currency's exponent", () => {
    expect(decimalToMinor("1500.00", 0)).toBe(1500);
    expect(decimalToMinor("1.250", 3)).toBe(1250);
    expect(decimalToMinor("1.25", 3)).toBe(1250);
    expect(() => decimalToMinor("1500.50", 0)).toThrow(RangeError);
  });

  it.each(["", " 2", "2 ", "2.", ".5", "1,50", "1e3", "+1.00", "0x10", "NaN", "Infinity", "1.2.3", "0.295", "12.345"])(
    "refuses %j",
    (value) => {
      expect(() => decimalToMinor(value)).toThrow(RangeError);
    },
  );

  it("refuses amounts too large to count exactly", () => {
    expect(() => decimalToMinor("900719925474099.93")).toThrow(/too large/);
    expect(decimalToMinor("90071992547409.91")).toBe(9007199254740991);
  });
});

describe("currencyExponent", () => {
  it("knows ISO 4217 minor units", () => {
    expect(currencyExponent("EUR")).toBe(2);
    expect(currencyExponent("jpy")).toBe(0);
    expect(currencyExponent("KWD")).toBe(3);
  });
  it("falls back to 2 for a code it cannot read", () => {
    expect(currencyExponent("not a currency")).toBe(2);
  });
});

describe("decimalToMinor with JSON numbers (unlocking API credits)", () => {
  it("converts exactly where multiplying a float would not", () => {
    expect(Math.floor(4.35 * 100)).toBe(434); // the trap
    expect(decimalToMinor(4.35)).toBe(435);
    expect(decimalToMinor(12.35)).toBe(1235);
    expect(decimalToMinor(19.99)).toBe(1999);
    expect([24.9, 4.5, 29.9, 59].map((v) => decimalToMinor(v))).toEqual([2490, 450, 2990, 5900]);
    expect(decimalToMinor(0)).toBe(0);
    expect(decimalToMinor(-0)).toBe(0);
  });
  it("refuses what it cannot represent exactly", () => {
    expect(() => decimalToMinor(1.005)).toThrow(RangeError);
    expect(() => decimalToMinor(Number.NaN)).toThrow(RangeError);
    expect(() => decimalToMinor(1e-7)).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it("shows minor units as an amount in the currency", () => {
    expect(formatMoney(1099, "EUR")).toBe("€10.99");
    expect(formatMoney(5, "USD", "en-US")).toBe("$0.05");
    expect(formatMoney(123456, "EUR", "de-DE")).toBe("1.234,56\u00a0€");
    expect(formatMoney(1500, "JPY", "en-US")).toBe("¥1,500");
  });
});
