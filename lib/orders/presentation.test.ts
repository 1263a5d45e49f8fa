import { describe, expect, it } from "vitest";
import { formatMoney } from "./presentation";

describe("formatMoney", () => {
  it("shows minor units as an amount in the currency", () => {
    expect(formatMoney(1099, "EUR")).toBe("€10.99");
    expect(formatMoney(5, "USD", "en-US")).toBe("$0.05");
    expect(formatMoney(123456, "EUR", "de-DE")).toBe("1.234,56\u00a0€");
  });
});
