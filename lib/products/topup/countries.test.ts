import { describe, expect, it } from "vitest";
import { countryNameOf, filterCountries, flagEmoji, isCountryCode } from "./countries";
import { countryFromParam, operatorHref, operatorIdFromParam } from "./urls";

const COUNTRIES = [
  { iso: "CI", name: "Côte d’Ivoire", callingCode: "+225" },
  { iso: "DE", name: "Germany", callingCode: "+49" },
  { iso: "GB", name: "United Kingdom", callingCode: "+44" },
  { iso: "US", name: "United States", callingCode: "+1" },
  { iso: "AE", name: "United Arab Emirates", callingCode: "+971" },
];

describe("top-up countries", () => {
  it("draws flags from ISO codes", () => {
    expect(flagEmoji("gb")).toBe("🇬🇧");
    expect(flagEmoji("DE")).toBe("🇩🇪");
    expect(flagEmoji("gbr")).toBe("");
  });

  it("finds countries by name (starts first, accents ignored), ISO code or dialling code", () => {
    expect(filterCountries(COUNTRIES, "united").map((c) => c.iso)).toEqual(["GB", "US", "AE"]);
    expect(filterCountries(COUNTRIES, "kingdom").map((c) => c.iso)).toEqual(["GB"]);
    expect(filterCountries(COUNTRIES, "cote").map((c) => c.iso)).toEqual(["CI"]);
    expect(filterCountries(COUNTRIES, "de").map((c) => c.iso)).toEqual(["DE"]);
    expect(filterCountries(COUNTRIES, "+4").map((c) => c.iso)).toEqual(["DE", "GB"]);
    expect(filterCountries(COUNTRIES, "0044").map((c) => c.iso)).toEqual(["GB"]);
    expect(filterCountries(COUNTRIES, "")).toHaveLength(COUNTRIES.length);
    expect(filterCountries(COUNTRIES, "atlantis")).toEqual([]);
  });

  it("names countries in everyday English and knows which codes are countries", () => {
    expect(countryNameOf("us", "United States of America")).toBe("United States");
    expect(countryNameOf("xx", "Somewhere")).toBe("Somewhere");
    expect(isCountryCode("jp")).toBe(true);
    expect(isCountryCode("zz")).toBe(false);
    expect(isCountryCode("eu")).toBe(false);
    expect(isCountryCode("xx")).toBe(false);
  });
});

describe("top-up URLs", () => {
  it("puts the country and the operator (id, then name) in the path", () => {
    expect(operatorHref("GB", "1010", "O2")).toBe("/topup/gb/1010-o2");
    expect(operatorHref("de", "1120", "1&1", { phone: "+4915123456789", rate: undefined })).toBe(
      "/topup/de/1120-1-1?phone=%2B4915123456789",
    );
    expect(operatorHref("tr", "1", "Türk Telekom")).toBe("/topup/tr/1-turk-telekom");
  });

  it("reads the operator id and the country back, refusing anything else", () => {
    expect(operatorIdFromParam("1010-o2")).toBe("1010");
    expect(operatorIdFromParam("1010")).toBe("1010");
    expect(operatorIdFromParam("o2")).toBeNull();
    expect(operatorIdFromParam("1010-O2!")).toBeNull();
    expect(countryFromParam("GB")).toBe("gb");
    expect(countryFromParam("gbr")).toBeNull();
  });
});
