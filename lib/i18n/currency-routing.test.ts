import { describe, expect, it } from "vitest";
import {
  chosenCurrency,
  editionCurrency,
  regionCurrency,
  visitorCurrency,
  withoutCurrencyParam,
} from "./currency-routing.mjs";

describe("which currency a visitor sees", () => {
  it("without a choice, the region of the browser's most preferred tagged language", () => {
    expect(regionCurrency("en-US,en;q=0.9")).toBe("USD");
    expect(regionCurrency("es-US,es;q=0.9")).toBe("USD");
    expect(regionCurrency("es-EC")).toBe("USD");
    expect(regionCurrency("es-ES,es;q=0.9,en-US;q=0.8")).toBe("EUR");
    expect(regionCurrency("es;q=0.9,en-PR;q=0.5")).toBe("USD"); // the only tag with a region
    expect(regionCurrency("es")).toBe("EUR");
    expect(regionCurrency("de-DE")).toBe("EUR");
    expect(regionCurrency(null)).toBe("EUR");
  });

  it("a remembered choice wins over the region; anything else in the cookie is ignored", () => {
    expect(visitorCurrency({ cookie: "EUR", acceptLanguage: "en-US" })).toBe("EUR");
    expect(visitorCurrency({ cookie: "USD", acceptLanguage: "es-ES" })).toBe("USD");
    expect(visitorCurrency({ cookie: "GBP", acceptLanguage: "en-US" })).toBe("USD");
  });

  it("the switcher's parameter is read in any case and dropped from the address it returns to", () => {
    expect(chosenCurrency(new URLSearchParams("currency=usd"))).toBe("USD");
    expect(chosenCurrency(new URLSearchParams("currency=yen"))).toBeNull();
    expect(withoutCurrencyParam("/es/topup/es", new URLSearchParams("phone=%2B34600000000&currency=usd"))).toBe(
      "/es/topup/es?phone=%2B34600000000",
    );
  });

  it("the cached twins' edition is the currency in lower case, and nothing else", () => {
    expect(editionCurrency("usd")).toBe("USD");
    expect(editionCurrency("USD")).toBeNull();
    expect(editionCurrency("1")).toBeNull();
  });
});
