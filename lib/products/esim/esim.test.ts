import { describe, expect, it } from "vitest";
import { destinationName, destinationSymbol, isDestinationCode, matchesDestination } from "./destination";
import { dataText, validityText } from "./format";
import { filterChoices, filterPlans, filterSearch, parsePlanFilters } from "./plan-filter";
import type { EsimPlanOffer } from "./types";

const plan = (catalogId: string, dataGb: number | null, days: number, totalMinor: number): EsimPlanOffer => ({
  catalogId,
  name: catalogId,
  destination: "gb",
  coverage: "COUNTRY",
  dataGb,
  unlimited: dataGb === null,
  validityDays: days,
  currency: "EUR",
  totalMinor,
  exchange: null,
});

const plans = [
  plan("gb-1gb-7d", 1, 7, 549),
  plan("gb-5gb-30d", 5, 30, 1299),
  plan("gb-unlimited-7d", null, 7, 1999),
  plan("gb-3gb-15d", 3, 15, 899),
  plan("gb-unlimited-30d", null, 30, 4999),
];
const ids = (list: EsimPlanOffer[]) => list.map((p) => p.catalogId);

describe("plan filters", () => {
  it("reads the URL, ignoring anything unknown", () => {
    expect(parsePlanFilters({})).toEqual({ type: "all", minGb: null, minDays: null, sort: "price-asc" });
    expect(parsePlanFilters({ type: "unlimited", data: "5", days: "30", sort: "price-desc" })).toEqual({
      type: "unlimited",
      minGb: 5,
      minDays: 30,
      sort: "price-desc",
    });
    expect(parsePlanFilters({ type: "cheap", data: "-1", days: "1e9", sort: "x" })).toEqual({
      type: "all",
      minGb: null,
      minDays: null,
      sort: "price-asc",
    });
    expect(parsePlanFilters({ type: ["limited", "unlimited"] }).type).toBe("limited");
  });

  it("unlimited keeps only unlimited plans; limited drops them", () => {
    expect(ids(filterPlans(plans, parsePlanFilters({ type: "unlimited" })))).toEqual([
      "gb-unlimited-7d",
      "gb-unlimited-30d",
    ]);
    expect(ids(filterPlans(plans, parsePlanFilters({ type: "limited" })))).toEqual([
      "gb-1gb-7d",
      "gb-3gb-15d",
      "gb-5gb-30d",
    ]);
  });

  it("a data minimum keeps unlimited plans; a validity minimum applies to all", () => {
    expect(ids(filterPlans(plans, parsePlanFilters({ data: "3" })))).toEqual([
      "gb-3gb-15d",
      "gb-5gb-30d",
      "gb-unlimited-7d",
      "gb-unlimited-30d",
    ]);
    expect(ids(filterPlans(plans, parsePlanFilters({ days: "30" })))).toEqual(["gb-5gb-30d", "gb-unlimited-30d"]);
  });

  it("sorts by price either way", () => {
    expect(ids(filterPlans(plans, parsePlanFilters({ sort: "price-desc" }))).at(0)).toBe("gb-unlimited-30d");
    expect(ids(filterPlans(plans, parsePlanFilters({}))).at(0)).toBe("gb-1gb-7d");
  });

  it("offers the plans' own values as choices, and writes only non-defaults back", () => {
    expect(filterChoices(plans)).toEqual({ dataGb: [1, 3, 5], days: [7, 15, 30] });
    expect(filterSearch(parsePlanFilters({ type: "unlimited" })).toString()).toBe("type=unlimited");
    expect(filterSearch(parsePlanFilters({})).toString()).toBe("");
  });
});

describe("destinations", () => {
  it("names and marks regions and countries", () => {
    expect(destinationName("eu")).toBe("Europe");
    expect(destinationName("gb", "United Kingdom")).toBe("United Kingdom");
    expect(destinationName("fr")).toBe("France");
    expect(destinationSymbol("gb")).toBe("🇬🇧");
    expect(destinationSymbol("ww")).toBe("🌐");
    expect(isDestinationCode("as")).toBe(true);
    expect(isDestinationCode("zz")).toBe(false);
    expect(isDestinationCode("lines")).toBe(false);
  });

  it("search ignores case and accents and knows common aliases", () => {
    expect(matchesDestination({ code: "es", name: "España" }, "espana")).toBe(true);
    expect(matchesDestination({ code: "gb", name: "United Kingdom" }, "UK")).toBe(true);
    expect(matchesDestination({ code: "gb", name: "United Kingdom" }, "united king")).toBe(true);
    expect(matchesDestination({ code: "fr", name: "France" }, "germany")).toBe(false);
    expect(matchesDestination({ code: "de", name: "Germany" }, "alemania")).toBe(true);
    expect(matchesDestination({ code: "jp", name: "Japan" }, "Japón")).toBe(true);
    expect(matchesDestination({ code: "eu", name: "Europe" }, "europa")).toBe(true);
  });
});

describe("plan text", () => {
  it("reads data and validity", () => {
    expect(dataText({ unlimited: true, dataGb: null })).toBe("Unlimited");
    expect(dataText({ unlimited: false, dataGb: 5 })).toBe("5 GB");
    expect(dataText({ unlimited: false, dataGb: 0.5 })).toBe("0.5 GB");
    expect(validityText(1)).toBe("1 day");
    expect(validityText(30)).toBe("30 days");
  });
});
