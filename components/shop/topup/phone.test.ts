import { describe, expect, it } from "vitest";
import { checkPhone, formatPhone } from "./phone";

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

  it("formats for display", () => {
    expect(formatPhone("+447400123456")).toBe("+44 7400 123456");
  });
});
