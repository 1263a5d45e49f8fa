import { describe, expect, it } from "vitest";
import { giftcardPurchaseLines, giftcardRedeemHelp } from "./lines";
import { GIFTCARD_CATALOG_FAILURES, giftcardCatalogFailureOf } from "./catalog-failure";
import { countryNameOf, flagEmoji, isCountryCode } from "./country";
import { categoryText, faceValueRange, formatFaceValue } from "./face-value";
import { brandSlug, matchesQuery } from "./slug";

describe("gift card catalog helpers", () => {
  it("makes brand names into URL slugs", () => {
    expect(brandSlug("Nintendo eShop")).toBe("nintendo-eshop");
    expect(brandSlug("Google Play")).toBe("google-play");
    expect(brandSlug("Mercado Libre")).toBe("mercado-libre");
    expect(brandSlug("Café & Co.")).toBe("cafe-and-co");
    expect(brandSlug("!!!")).toBe("brand");
  });

  it("matches every word of a search against name and category, ignoring case and accents", () => {
    const steam = { name: "Steam", category: "gaming" };
    expect(matchesQuery(steam, "STEAM")).toBe(true);
    expect(matchesQuery(steam, "gaming")).toBe(true);
    expect(matchesQuery(steam, "steam gaming")).toBe(true);
    expect(matchesQuery(steam, "steam music")).toBe(false);
    expect(matchesQuery({ name: "Mercado Libre", category: "shopping" }, "mércado")).toBe(true);
    expect(matchesQuery(steam, "   ")).toBe(true);
  });

  it("turns ISO codes into flags and names", () => {
    expect(flagEmoji("gb")).toBe("🇬🇧");
    expect(flagEmoji("JP")).toBe("🇯🇵");
    expect(flagEmoji("gbr")).toBe("");
    expect(countryNameOf("fi")).toBe("Finland");
    expect(countryNameOf("zz")).toBeNull();
    expect(countryNameOf("q1")).toBeNull();
    expect(isCountryCode("de")).toBe(true);
    expect(isCountryCode("DE")).toBe(false);
  });

  it("shows face values as the brands print them", () => {
    expect(formatFaceValue(1500, "GBP")).toBe("£15");
    expect(formatFaceValue(1250, "EUR")).toBe("€12.50");
    expect(formatFaceValue(1500, "JPY")).toBe("JP¥1,500");
    expect(faceValueRange(500, 10000, "GBP")).toBe("£5 – £100");
    expect(faceValueRange(2000, 2000, "GBP")).toBe("£20");
    expect(faceValueRange(null, null, "GBP")).toBeNull();
    expect(categoryText("food")).toBe("Food and drink");
    expect(categoryText("music")).toBe("Music");
  });

  it("writes face values and categories in the buyer's language", () => {
    // Intl separates Spanish amounts from their currency with a no-break space.
    const spaced = (text: string | null) => text?.replace(/\u00a0/g, " ");
    expect(spaced(formatFaceValue(1500, "GBP", "es"))).toBe("15 GBP");
    expect(spaced(formatFaceValue(1250, "EUR", "es"))).toBe("12,50 €");
    expect(spaced(faceValueRange(500, 10000, "EUR", "es"))).toBe("5 € – 100 €");
    expect(formatFaceValue(1500, "GBP", "en")).toBe("£15");
    const named = (known: string) => `<${known}>`;
    expect(categoryText("food", named)).toBe("<food>");
    expect(categoryText("music", named)).toBe("Music");
    expect(categoryText(null, named)).toBeNull();
  });

  it("recognises the catalog's own failure messages, and no other", () => {
    expect(giftcardCatalogFailureOf(GIFTCARD_CATALOG_FAILURES.brands)).toBe("brands");
    expect(giftcardCatalogFailureOf(GIFTCARD_CATALOG_FAILURES.quote)).toBe("quote");
    expect(
      giftcardCatalogFailureOf("This service is temporarily unavailable. Please try again in a few minutes."),
    ).toBeNull();
  });
});

describe("gift card order view", () => {
  const detail = {
    priceToken: "gc_secret_token",
    product: { name: "Steam 15 GBP gift card" },
    giftcard: {
      brandName: "Steam",
      countryName: "United Kingdom",
      faceValueMinor: 1500,
      faceCurrency: "GBP",
      worksIn: "Redeemable only in United Kingdom.",
      redemptionInstructions: "Open Steam.",
    },
  };

  it("reads what was bought, never the price token", () => {
    const lines = giftcardPurchaseLines(detail);
    expect(lines).toEqual([
      { label: "Brand", value: "Steam" },
      { label: "Country", value: "United Kingdom" },
      { label: "Card value", value: "£15" },
    ]);
    expect(JSON.stringify(lines)).not.toContain("gc_secret_token");
    expect(giftcardRedeemHelp(detail)).toEqual({
      worksIn: "Redeemable only in United Kingdom.",
      instructions: "Open Steam.",
    });
  });

  it("degrades to the product name, or nothing, when the detail is incomplete or malformed", () => {
    expect(giftcardPurchaseLines({ product: { name: "Steam 15 GBP gift card" } })).toEqual([
      { label: "Product", value: "Steam 15 GBP gift card" },
    ]);
    expect(giftcardPurchaseLines({ giftcard: { brandName: 42, faceValueMinor: "x" } })).toEqual([]);
    expect(giftcardPurchaseLines(null)).toEqual([]);
    expect(giftcardRedeemHelp("nonsense")).toEqual({ worksIn: null, instructions: null });
  });
});
