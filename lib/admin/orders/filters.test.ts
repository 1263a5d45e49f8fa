import { describe, expect, it } from "vitest";
import { filtersToSearch, orderWhere, parseOrderFilters } from "./filters";

describe("order filters", () => {
  it("reads valid filters from the URL and drops bad ones with a message", () => {
    const { filters, problems } = parseOrderFilters({
      product: "unlock",
      status: "bogus",
      from: "2026-11-01",
      to: "2026-13-45",
      q: " 4901 5420 ",
      page: "2",
    });
    expect(filters).toEqual({ product: "unlock", from: "2026-11-01", q: "4901 5420", page: 2 });
    expect(problems).toHaveLength(2);
  });
  it("flags a from date after the to date", () => {
    expect(parseOrderFilters(new URLSearchParams("from=2026-11-02&to=2026-11-01")).problems).toHaveLength(1);
  });
  it("makes whole UTC days, both ends included", () => {
    expect(orderWhere({ from: "2026-11-01", to: "2026-11-01" })).toEqual({
      AND: [
        { createdAt: { gte: new Date("2026-11-01T00:00:00.000Z") } },
        { createdAt: { lt: new Date("2026-11-02T00:00:00.000Z") } },
      ],
    });
  });
  it("round-trips through the URL, leaving page 1 out", () => {
    expect(filtersToSearch({ product: "topup", customer: "a@b.c" }, { page: 1 })).toBe(
      "?product=topup&customer=a%40b.c",
    );
    expect(filtersToSearch({}, {})).toBe("");
  });
});
