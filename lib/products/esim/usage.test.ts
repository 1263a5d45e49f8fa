import { describe, expect, it } from "vitest";
import { gateStart, maskIccid, mayAskSupplier, readStoredUsage, usageFromLine, USAGE_GATE_MS } from "./usage";

const NOW = Date.parse("2026-06-01T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

describe("the five-minute gate", () => {
  it("opens when nothing was ever asked", () => {
    expect(gateStart({}, NOW)).toBeNull();
    expect(mayAskSupplier({ iccid: "8944" }, NOW)).toBe(true);
  });

  it("starts at our last question, or at the supplier's own check stored with the order", () => {
    expect(mayAskSupplier({ usageAskedAt: iso(NOW - USAGE_GATE_MS + 1) }, NOW)).toBe(false);
    expect(mayAskSupplier({ usageAskedAt: iso(NOW - USAGE_GATE_MS) }, NOW)).toBe(true);
    expect(mayAskSupplier({ balanceCheckedAt: iso(NOW - 60_000) }, NOW)).toBe(false);
    expect(gateStart({ usageAskedAt: iso(NOW - 10 * 60_000), balanceCheckedAt: iso(NOW - 60_000) }, NOW)).toBe(
      NOW - 60_000,
    );
  });

  it("ignores a check time ahead of our clock (another clock), and unreadable times", () => {
    expect(mayAskSupplier({ balanceCheckedAt: iso(NOW + 60_000) }, NOW)).toBe(true);
    expect(mayAskSupplier({ usageAskedAt: "yesterday", balanceCheckedAt: 5 }, NOW)).toBe(true);
  });
});

describe("stored usage", () => {
  it("reads a limited plan's balance", () => {
    expect(
      readStoredUsage({
        balanceAmount: "2.75",
        balanceUnit: "GB",
        balanceCheckedAt: "2026-06-01T11:58:00.000Z",
        balanceExpiration: "2026-06-15T11:00:00.000Z",
        consumption: { activated: true, unlimited: false, data_remaining_gb: 2.75, days_left: 14 },
        lineStatus: "active",
      }),
    ).toEqual({
      unlimited: false,
      remainingGb: 2.75,
      daysLeft: 14,
      activated: true,
      checkedAt: "2026-06-01T11:58:00.000Z",
      expiresAt: "2026-06-15T11:00:00.000Z",
      lineStatus: "active",
    });
  });

  it("reads unlimited, the amount alone, and nothing", () => {
    expect(readStoredUsage({ balanceAmount: "unlimited" })).toMatchObject({ unlimited: true, remainingGb: null });
    expect(readStoredUsage({ balanceAmount: "1.50", balanceUnit: "GB" })).toMatchObject({
      unlimited: false,
      remainingGb: 1.5,
      daysLeft: null,
      checkedAt: null,
    });
    expect(readStoredUsage({ iccid: "8944" })).toBeNull();
    expect(readStoredUsage(null)).toBeNull();
  });

  it("turns a lines answer into the order's field names", () => {
    expect(
      usageFromLine({
        iccid: "8944",
        status: "ready",
        balance_amount: "5.00",
        balance_unit: "GB",
        balance_checked_at: "2026-06-01T12:00:00.000Z",
        consumption: { activated: false, unlimited: false, data_remaining_gb: 5, days_left: 30 },
      }),
    ).toEqual({
      balanceAmount: "5.00",
      balanceUnit: "GB",
      balanceCheckedAt: "2026-06-01T12:00:00.000Z",
      consumption: { activated: false, unlimited: false, data_remaining_gb: 5, days_left: 30 },
      lineStatus: "ready",
    });
  });

  it("masks ICCIDs for logs", () => {
    expect(maskIccid("8944100000000012345")).toBe("8944…2345");
  });
});
