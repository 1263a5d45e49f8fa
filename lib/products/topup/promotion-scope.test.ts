import { describe, expect, it } from "vitest";
import { promotionApplies, promotionRunning, promotionServiceTypes } from "./promotion-scope";

describe("promotion scope", () => {
  it("a data promotion is for data and bundles, never airtime; a credit promotion is for every rate", () => {
    const double = promotionServiceTypes({
      title: "Double data",
      description: "Data bundles come with 50% more data while the promotion lasts.",
    });
    expect(double).toEqual(["data", "bundle"]);
    expect(promotionApplies(double, ["airtime"])).toBe(false);
    expect(promotionApplies(double, ["airtime", "data"])).toBe(true);
    const credit = promotionServiceTypes({
      title: "+20% extra credit",
      description: "Get 20% more credit on every recharge.",
    });
    expect(credit).toBeNull();
    expect(promotionApplies(credit, ["airtime"])).toBe(true);
  });

  it("is shown only while it runs", () => {
    const now = Date.parse("2026-11-26T12:00:00Z");
    expect(promotionRunning({ starts_at: "2026-11-28T00:00:00Z", ends_at: "2026-12-05T00:00:00Z" }, now)).toBe(false);
    expect(promotionRunning({ starts_at: "2026-11-20T00:00:00Z", ends_at: "2026-11-25T00:00:00Z" }, now)).toBe(false);
    expect(promotionRunning({ starts_at: "2026-11-20T00:00:00Z", ends_at: "2026-12-05T00:00:00Z" }, now)).toBe(true);
    expect(promotionRunning({}, now)).toBe(true);
  });
});
