import { describe, expect, it } from "vitest";
import { imeiCheckStaffSummary, readImeiCheck, safeWebUrl } from "./lines";

describe("order page readers", () => {
  it("reads a stored IMEI check and degrades a malformed one to nothing", () => {
    expect(
      readImeiCheck({
        imeiCheck: { device: { imei: "1" }, errors: [], report: null, payment: { type: "P", desc: "" }, extraInfo: [] },
      }),
    ).toMatchObject({ report: null, payment: { type: "P" } });
    expect(readImeiCheck({})).toBeNull();
  });

  it("opens only web links from the supplier", () => {
    expect(safeWebUrl("javascript:alert(1)")).toBeNull();
    expect(safeWebUrl("data:text/html,hi")).toBeNull();
    expect(safeWebUrl("https://example.com/r.pdf")).toBe("https://example.com/r.pdf");
  });
});

describe("imeiCheckStaffSummary", () => {
  const device = {
    imei: "353047098598802",
    tac: "35304709",
    brandName: "Apple",
    marketingName: "iPhone 13",
    modelName: "A2633",
    deviceType: "Smartphone",
    img: "",
  };
  const list = (country: string, status: number) => ({
    country,
    networks: [
      { name: "A", status },
      { name: "B", status },
    ],
  });

  it("summarises a full report for staff: verdict, network counts, history", () => {
    const fulfillment = {
      imeiCheck: {
        device,
        errors: [],
        report: {
          blacklisted: true,
          history: [
            { imei: device.imei, action: "Reported stolen", date: "2026-01-01", by: "EE", country: "United Kingdom" },
          ],
          blackList: [list("United Kingdom", 0)],
          whiteList: [list("Spain", 1), list("France", 2)],
          reportUrl: "",
        },
        payment: { type: "F", desc: "" },
        extraInfo: [],
      },
    };
    expect(imeiCheckStaffSummary(fulfillment)).toEqual([
      ["Device", "Apple iPhone 13"],
      ["IMEI", device.imei],
      ["Report", "Full report"],
      ["Supplier's type_pay", "F (free report)"],
      ["Blacklist", "Blacklisted: reported lost or stolen"],
      ["Networks", "2 blocking, 4 usable"],
      ["History", "1 event"],
    ]);
  });

  it("says device data only for a report sold separately, lists recognition errors, and is null without a check", () => {
    const paid = {
      imeiCheck: {
        device: { ...device, brandName: "", marketingName: "", modelName: "" },
        errors: [{ code: "IMEI_NOT_RECOGNISED", txt: "Not recognised" }],
        report: null,
        payment: { type: "P", desc: "" },
        extraInfo: [],
      },
    };
    expect(imeiCheckStaffSummary(paid)).toEqual([
      ["Device", "Not identified"],
      ["IMEI", device.imei],
      ["Report", "Device data only"],
      ["Supplier's type_pay", "P (paid report)"],
      ["Errors", "IMEI_NOT_RECOGNISED: Not recognised"],
    ]);
    expect(imeiCheckStaffSummary({ redemption: "sealed" })).toBeNull();
  });
});
