import { describe, expect, it } from "vitest";
import { compareWithAttempt, type Expected } from "./placement-lookup";

// Telling an upstream order apart from the attempt it may belong to. A row whose fields differ
// is another order; a row missing what would tell them apart is never adopted (staff see it).

const sentAt = Date.parse("2026-11-28T10:00:00Z");
const topup: Expected = {
  type: "topup",
  phone: "+447400123456",
  priceToken: "tp_1",
  costMinor: 1050,
  since: sentAt - 600_000,
};
const row = {
  order_id: "ord_1",
  type: "topup",
  status: "processing",
  phone: "+447400123456",
  credits_used: 1050,
  created_at: "2026-11-28T10:00:01Z",
};

describe("compareWithAttempt", () => {
  it("matches a row of the same type, number and cost, created since the attempt", () => {
    expect(compareWithAttempt(row, topup)).toBe("match");
  });

  it("rules out another type, number, plan, token or cost, and an order older than the attempt", () => {
    expect(compareWithAttempt({ ...row, type: "esim" }, topup)).toBe("other");
    expect(compareWithAttempt({ ...row, phone: "+447400123457" }, topup)).toBe("other");
    expect(compareWithAttempt({ ...row, credits_used: 1051 }, topup)).toBe("other");
    expect(compareWithAttempt({ ...row, price_token: "tp_2" }, topup)).toBe("other");
    expect(compareWithAttempt({ ...row, created_at: "2026-11-28T09:40:00Z" }, topup)).toBe("other");
    const esim: Expected = { type: "esim", catalogId: "fr-5gb-30d", costMinor: 900, since: topup.since };
    expect(
      compareWithAttempt(
        { order_id: "ord_2", type: "esim", catalog_id: "de-5gb-30d", credits_used: 900, created_at: row.created_at },
        esim,
      ),
    ).toBe("other");
  });

  it("calls a row that lacks the number, the cost or the time unverifiable (C§2 names none of them on order records)", () => {
    expect(compareWithAttempt({ order_id: "ord_1", type: "topup" }, topup)).toBe("unverifiable");
    expect(compareWithAttempt({ ...row, phone: null }, topup)).toBe("unverifiable");
    expect(compareWithAttempt({ ...row, credits_used: null }, topup)).toBe("unverifiable");
    expect(compareWithAttempt({ ...row, created_at: null }, topup)).toBe("unverifiable");
  });

  it("reads a total when the row has no credits_used", () => {
    expect(compareWithAttempt({ ...row, credits_used: null, total: 1050 }, topup)).toBe("match");
  });
});
