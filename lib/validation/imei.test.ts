import { describe, expect, it } from "vitest";
import {
  imeiProblem,
  imeiSchema,
  isValidImei,
  storedImeiSchema,
  isValidSuffix,
  orderImeiValue,
  SUFFIX_FLAGS,
  suffixProblem,
  suffixValidators,
} from "./imei";

// Vectors from /work/shared/spec/test-vectors.md (published IMEIs, not made by this project).
const SANDBOX_IMEIS = ["123456789876543", "355710060480006", "353047098598802", "359405085972766", "123456789987654"];

describe("isValidImei", () => {
  it("accepts the published valid IMEIs", () => {
    expect(isValidImei("490154203237518")).toBe(true);
    expect(isValidImei("356938035643809")).toBe(true);
  });
  it("rejects a wrong check digit and a 14-digit number", () => {
    expect(isValidImei("490154203237517")).toBe(false);
    expect(isValidImei("49015420323751")).toBe(false);
  });
  it("accepts every sandbox IMEI of the unlocking spec (they pass Luhn)", () => {
    for (const imei of SANDBOX_IMEIS) expect(isValidImei(imei), imei).toBe(true);
  });
  it("rejects letters, spaces and 16 digits", () => {
    expect(isValidImei("49015420323751A")).toBe(false);
    expect(isValidImei("490154 203237518")).toBe(false);
    expect(isValidImei("4901542032375180")).toBe(false);
  });
});

describe("imeiProblem and imeiSchema", () => {
  it("explains what is wrong", () => {
    expect(imeiProblem("49015420323751")).toMatch(/exactly 15 digits/);
    expect(imeiProblem("490154203237517")).toMatch(/check digit/);
    expect(imeiProblem("")).toMatch(/Enter/);
    expect(imeiProblem("490154203237518")).toBeNull();
  });
  it("accepts grouped input and yields bare digits", () => {
    expect(imeiSchema.parse("49-015420-323751-8")).toBe("490154203237518");
    expect(imeiSchema.parse(" 4901 5420 3237 518 ")).toBe("490154203237518");
    expect(imeiSchema.safeParse("490154203237517").success).toBe(false);
  });
  it("reads a stored IMEI by its shape only", () => {
    expect(storedImeiSchema.safeParse("490154203237518").success).toBe(true);
    expect(storedImeiSchema.safeParse("49-015420-323751-8").success).toBe(false);
    expect(storedImeiSchema.safeParse("49015420323751").success).toBe(false);
  });
});

describe("suffix formats (spec section 2)", () => {
  const cases: Record<(typeof SUFFIX_FLAGS)[number], { valid: string[]; invalid: string[] }> = {
    sn: {
      valid: ["SNAB12-C3456", "SNABCDE-1234567"],
      invalid: ["SNABC-C3456", "SNAB12C3456", "SNAB12-C345", "SNAB12-C34567890", "SN AB12-C3456", "snAB12-C3456"],
    },
    prd: { valid: ["PRD12345678"], invalid: ["PRD1234567", "PRD123456789", "PRD1234567A", "PRD 12345678"] },
    pin: { valid: ["PIN1234ABCD", "PIN00000000"], invalid: ["PIN1234ABC", "PIN1234ABCDE", "PIN1234-BCD"] },
    mep: {
      valid: ["MEP-12345-123"],
      invalid: ["MEP12345-123", "MEP-1234-123", "MEP-12345-12", "MEP-12345-1234", "MEP-1234A-123"],
    },
    sro: {
      valid: ["SROX1234567", "SROXABCDEFGHIJK"],
      invalid: ["SRO1234567", "SROx1234567", "SROX123456", "SROX123456789012"],
    },
  };
  for (const flag of SUFFIX_FLAGS) {
    it(`${flag}: accepts its shape and refuses near misses`, () => {
      for (const v of cases[flag].valid) expect(isValidSuffix(flag, v), v).toBe(true);
      for (const v of cases[flag].invalid) expect(suffixValidators[flag](v), v).toBe(false);
      expect(suffixProblem(flag, cases[flag].invalid[0]!)).toMatch(/expected|no spaces/);
    });
  }
});

describe("orderImeiValue", () => {
  it("appends suffixes in the fixed order sn, prd, pin, mep, sro whatever order they are given in", () => {
    const value = orderImeiValue("490154203237518", {
      sro: "SROX1234567",
      mep: "MEP-12345-123",
      pin: "PIN1234ABCD",
      prd: "PRD12345678",
      sn: "SNAB12-C3456",
    });
    // The emulator README's example for a tool that needs all five.
    expect(value).toBe("490154203237518SNAB12-C3456PRD12345678PIN1234ABCDMEP-12345-123SROX1234567");
  });
  it("is the bare IMEI when no suffix is needed", () => {
    expect(orderImeiValue("356938035643809")).toBe("356938035643809");
  });
  it("refuses an invalid IMEI or suffix", () => {
    expect(() => orderImeiValue("490154203237517")).toThrow(/check digit/);
    expect(() => orderImeiValue("490154203237518", { prd: "PRD123" })).toThrow(/PRD/);
  });
});
