import { describe, expect, it } from "vitest";
import { sameRate } from "./same-rate";
import type { TopupChoice } from "./types";

const choice = (token: string, productName: string, serviceType = "airtime") =>
  ({ token, productName, serviceType }) as TopupChoice;
const today = [
  choice("t-new-10", "10 GBP Airtime"),
  choice("t-new-15", "15 GBP Airtime"),
  choice("t-data-15", "15 GBP Airtime", "data"),
];

describe("sameRate", () => {
  it("finds the earlier rate by its token while it is offered", () => {
    expect(sameRate(today, { token: "t-new-10", productName: "something else" })?.token).toBe("t-new-10");
  });
  it("after a catalog refresh, finds it by product name within its service type", () => {
    expect(sameRate(today, { token: "t-old-15", productName: "15 GBP Airtime", serviceType: "airtime" })?.token).toBe(
      "t-new-15",
    );
    expect(sameRate(today, { token: "t-old-15", productName: "15 GBP Airtime", serviceType: "data" })?.token).toBe(
      "t-data-15",
    );
  });
  it("finds nothing when the operator no longer sells it", () => {
    expect(
      sameRate(today, { token: "t-old-20", productName: "20 GBP Airtime", serviceType: "airtime" }),
    ).toBeUndefined();
    expect(sameRate(today, { token: "t-old-20", productName: null })).toBeUndefined();
  });
});
