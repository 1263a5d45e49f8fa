import { describe, expect, it } from "vitest";
import { esimDetailOf, readEsimDetail } from "./detail";
import { esimPurchaseLines } from "./lines";
import type { EsimDestinationSummary, EsimPlanOffer } from "./types";

const destination: EsimDestinationSummary = {
  code: "jp",
  name: "Japan",
  coverage: "COUNTRY",
  plansCount: 3,
  hasUnlimited: false,
  fromMinor: 450,
  currency: "EUR",
  countries: ["jp"],
  networks: [],
};
const plan: EsimPlanOffer = {
  catalogId: "esim-jp-5gb",
  name: "Japan 5 GB",
  destination: "jp",
  coverage: "COUNTRY",
  dataGb: 5,
  unlimited: false,
  validityDays: 30,
  currency: "EUR",
  totalMinor: 1299,
  exchange: null,
};

describe("eSIM order detail", () => {
  it("reads back what a sale wrote, beside the quote's detail", () => {
    const written = JSON.parse(
      JSON.stringify({ priceToken: "tok", catalogId: plan.catalogId, ...esimDetailOf(destination, plan) }),
    );
    expect(readEsimDetail(written)).toEqual({
      catalogId: "esim-jp-5gb",
      planName: "Japan 5 GB",
      destinationCode: "jp",
      destinationName: "Japan",
      coverage: "COUNTRY",
      dataGb: 5,
      unlimited: false,
      validityDays: 30,
    });
    expect(esimPurchaseLines(written)).toEqual([
      { label: "Destination", value: "Japan (JP)" },
      { label: "Data", value: "5 GB" },
      { label: "Valid for", value: "30 days" },
    ]);
  });

  it("refuses to write a detail that is not the schema's", () => {
    expect(() => esimDetailOf({ ...destination, code: "JPN" }, plan)).toThrow();
  });

  it("reads a malformed detail as nothing shown, never throws", () => {
    for (const detail of [null, undefined, "esim", 42, [], { esim: "jp" }, { esim: [] }]) {
      expect(() => readEsimDetail(detail)).not.toThrow();
      expect(esimPurchaseLines(detail)).toEqual([]);
    }
    expect(
      readEsimDetail({
        esim: { destinationCode: "Japan!", destinationName: "", dataGb: -1, unlimited: "yes", validityDays: 1.5 },
      }),
    ).toEqual({
      catalogId: undefined,
      planName: undefined,
      destinationCode: undefined,
      destinationName: undefined,
      coverage: undefined,
      dataGb: undefined,
      unlimited: undefined,
      validityDays: undefined,
    });
  });
});
