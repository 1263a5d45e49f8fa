import { describe, expect, it } from "vitest";
import { FINAL_STATUSES } from "./lifecycle";
import { settledForBuyer } from "./refund-due";

describe("an order settled for its buyer", () => {
  it("is a final order with no refund still to make", () => {
    expect(settledForBuyer({ status: "fulfilled", refundTask: null }, FINAL_STATUSES)).toBe(true);
    expect(settledForBuyer({ status: "refunded", refundTask: { status: "done" } }, FINAL_STATUSES)).toBe(true);
    expect(settledForBuyer({ status: "failed", refundTask: { status: "done" } }, FINAL_STATUSES)).toBe(true);
  });

  it("is not a failed or cancelled order whose refund the worker has yet to make", () => {
    expect(settledForBuyer({ status: "failed", refundTask: { status: "pending" } }, FINAL_STATUSES)).toBe(false);
    expect(settledForBuyer({ status: "cancelled", refundTask: { status: "pending" } }, FINAL_STATUSES)).toBe(false);
  });

  it("is settled once a refund that did not go through is with staff", () => {
    expect(settledForBuyer({ status: "failed", refundTask: { status: "failed" } }, FINAL_STATUSES)).toBe(true);
  });

  it("is not an order still moving", () => {
    expect(settledForBuyer({ status: "placing", refundTask: null }, FINAL_STATUSES)).toBe(false);
  });
});
