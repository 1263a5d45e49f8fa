import { describe, expect, it } from "vitest";
import { fullReportOfferFor } from "./full-report-offer";

const IMEI = "123456789876543";
const soldSeparately = {
  imeiCheck: { device: { imei: IMEI }, errors: [], report: null, payment: { type: "P", desc: "" }, extraInfo: [] },
};
const check = { productType: "imeicheck" as const, status: "refunded" as const, detail: { imei: IMEI } };

describe("fullReportOfferFor", () => {
  it("offers the full report on a refunded check whose device's report is sold separately", () => {
    expect(fullReportOfferFor(check, soldSeparately)).toEqual({ imei: IMEI });
    expect(fullReportOfferFor({ ...check, status: "failed" }, soldSeparately)).toEqual({ imei: IMEI });
  });

  it("offers nothing on a full-report order, a free report, a recognition error, or an order still moving", () => {
    expect(fullReportOfferFor({ ...check, detail: { imei: IMEI, report: "full" } }, soldSeparately)).toBeNull();
    const free = { imeiCheck: { ...soldSeparately.imeiCheck, payment: { type: "F", desc: "" } } };
    expect(fullReportOfferFor(check, free)).toBeNull();
    const error = { imeiCheck: { ...soldSeparately.imeiCheck, errors: [{ code: "IMEI_NOT_RECOGNISED", txt: "" }] } };
    expect(fullReportOfferFor(check, error)).toBeNull();
    expect(fullReportOfferFor({ ...check, status: "placing" }, soldSeparately)).toBeNull();
    expect(fullReportOfferFor({ ...check, productType: "unlock" }, soldSeparately)).toBeNull();
  });
});
