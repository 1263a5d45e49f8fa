import { describe, expect, it } from "vitest";
import { readImeiCheck, safeWebUrl } from "./lines";

describe("order page readers", () => {
  it("reads a stored IMEI check and degrades a malformed one to nothing", () => {
    expect(readImeiCheck({ imeiCheck: { device: { imei: "1" }, errors: [], report: null, payment: { type: "P", desc: "" }, extraInfo: [] } })).toMatchObject({ report: null, payment: { type: "P" } });
    expect(readImeiCheck({})).toBeNull();
  });

  it("opens only web links from the supplier", () => {
    expect(safeWebUrl("javascript:alert(1)")).toBeNull();
    expect(safeWebUrl("data:text/html,hi")).toBeNull();
    expect(safeWebUrl("https://example.com/r.pdf")).toBe("https://example.com/r.pdf");
  });
});
