import { describe, expect, it } from "vitest";
import { imeiCheckDetail, imeiCheckDetailSchema, readImeiCheckDetail } from "./detail";
import { imeiCheckPurchaseLines } from "./lines";

describe("the IMEI check's detail", () => {
  it("reads back what the sale step wrote, for placement and for the pages", () => {
    const written = JSON.parse(JSON.stringify(imeiCheckDetail("490154203237518")));
    expect(imeiCheckDetailSchema.parse(written)).toEqual({ imei: "490154203237518" });
    expect(readImeiCheckDetail(written)).toEqual({ imei: "490154203237518" });
    expect(imeiCheckPurchaseLines(written)).toEqual([{ label: "IMEI", value: "490154203237518" }]);
  });

  it("shows nothing of a malformed detail, and never throws", () => {
    for (const malformed of [null, undefined, "x", 42, [], {}, { imei: 490154203237518 }, { imei: "49015420323751" }]) {
      expect(readImeiCheckDetail(malformed)).toBeNull();
      expect(imeiCheckPurchaseLines(malformed)).toEqual([]);
    }
    expect(() => imeiCheckDetail("not an imei")).toThrow();
  });
});
