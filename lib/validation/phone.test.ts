import { describe, expect, it } from "vitest";
import { checkPhone, countryOfTyped, formatPhone, formatPhoneNational, phoneCountry, samePhone } from "./phone";

describe("top-up phone check", () => {
  it("accepts an international mobile number written in the usual ways", () => {
    for (const input of ["+447400123456", "+44 7400 123456", "0044 7400-123456", " +44 (7400) 123456 "]) {
      expect(checkPhone(input)).toEqual({ ok: true, e164: "+447400123456", country: "GB" });
    }
  });

  it("asks for the country code when the number is national", () => {
    const result = checkPhone("07400 123456");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/country code/);
  });

  it("refuses impossible numbers with a reason", () => {
    expect(checkPhone("+4412")).toMatchObject({ ok: false, error: expect.stringMatching(/too short/) });
    expect(checkPhone("+44740012345678901")).toMatchObject({ ok: false });
    expect(checkPhone("+999123456789")).toMatchObject({ ok: false, error: expect.stringMatching(/country code/) });
    expect(checkPhone("+44 74OO 123456")).toMatchObject({ ok: false, error: expect.stringMatching(/digits/) });
    expect(checkPhone("")).toMatchObject({ ok: false, error: expect.stringMatching(/Enter/) });
  });

  it("refuses a possible length that the country's plan does not allocate", () => {
    expect(checkPhone("+44 0400 123456")).toMatchObject({ ok: false });
  });

  it("reads a national number in the chosen country", () => {
    expect(checkPhone("07400 123456", "GB")).toEqual({ ok: true, e164: "+447400123456", country: "GB" });
    expect(checkPhone("0151 23456789", "de")).toEqual({ ok: true, e164: "+4915123456789", country: "DE" });
    // An international number wins over the chosen country.
    expect(checkPhone("+33 6 12 34 56 78", "GB")).toEqual({ ok: true, e164: "+33612345678", country: "FR" });
    expect(checkPhone("0740", "GB")).toMatchObject({ ok: false, error: expect.stringMatching(/too short/) });
    // An unknown country code from the browser is ignored, never trusted.
    expect(checkPhone("07400 123456", "ZZ")).toMatchObject({ ok: false, error: expect.stringMatching(/country code/) });
  });

  it("knows the countries it can read", () => {
    expect(phoneCountry("gb")).toBe("GB");
    expect(phoneCountry("ZZ")).toBeUndefined();
    expect(phoneCountry("GBR")).toBeUndefined();
    expect(phoneCountry(undefined)).toBeUndefined();
  });

  it("detects the country while an international number is typed", () => {
    expect(countryOfTyped("+49 151")).toBe("DE");
    expect(countryOfTyped("+4")).toBeUndefined();
    expect(countryOfTyped("0151")).toBeUndefined();
  });

  it("confirms a number typed again in any usual way, and nothing else", () => {
    expect(samePhone("+447400123456", "07400 123456")).toBe(true);
    expect(samePhone("+447400123456", "+44 (0)7400-123456".replace("(0)", ""))).toBe(true);
    expect(samePhone("+447400123456", "0044 7400 123456")).toBe(true);
    expect(samePhone("+447400123456", "07400 123465")).toBe(false);
    expect(samePhone("+447400123456", "")).toBe(false);
    expect(samePhone("+447400123456", "+33612345678")).toBe(false);
  });

  it("formats for display", () => {
    expect(formatPhone("+447400123456")).toBe("+44 7400 123456");
    expect(formatPhoneNational("+447400123456")).toBe("07400 123456");
  });
});
