import { describe, expect, it } from "vitest";
import { csvCell, csvRow, ShopId } from "./csv";
import { normaliseSearchQuery, searchTextFor } from "./search-index";

describe("csv", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvRow(["a", "b,c", 'say "hi"', "two\nlines", null, 12])).toBe('a,"b,c","say ""hi""","two\nlines",,12\r\n');
  });
  it("keeps formulas from running in a spreadsheet", () => {
    for (const text of ["=1+1", "+44", "-2", "@SUM(A1)", "\tx", "\rx"])
      expect(csvCell(text).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(-5)).toBe("-5");
  });
  it("writes the shop's own references exactly, even when they start with a dash", () => {
    expect(csvCell(new ShopId("-2xJnPEZHkkcLSO45bCM0Zsb"))).toBe("-2xJnPEZHkkcLSO45bCM0Zsb");
    expect(() => new ShopId("=1+1")).toThrow(RangeError);
  });
  it("writes dates as ISO 8601 UTC", () => {
    expect(csvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });
});

describe("search index", () => {
  const order = {
    ref: "AbC123xyz",
    customerEmail: "Buyer@Example.com",
    upstreamOrderId: "ord_1",
    detail: { imei: "490154203237518", phone: "+44 7400 123456", priceToken: "secret-token" },
    fulfillment: { iccid: "8944000000000000001", redemptionCode: "PIN-SECRET" },
  };
  it("holds identifiers, lower-cased, with phone digits", () => {
    const text = searchTextFor(order);
    for (const part of [
      "abc123xyz",
      "buyer@example.com",
      "490154203237518",
      "447400123456",
      "8944000000000000001",
      "ord_1",
    ])
      expect(text).toContain(part);
  });
  it("never holds the product or price tokens", () => {
    const text = searchTextFor(order);
    expect(text).not.toContain("pin-secret");
    expect(text).not.toContain("secret-token");
  });
  it("reduces phone-like queries to digits", () => {
    expect(normaliseSearchQuery(" +44 (7400) 123-456 ")).toBe("447400123456");
    expect(normaliseSearchQuery("Buyer@Example.com")).toBe("buyer@example.com");
    expect(normaliseSearchQuery("AbC-12")).toBe("abc-12");
  });
});
