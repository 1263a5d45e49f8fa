import { describe, expect, it } from "vitest";
import { giftcardDetailOf, readGiftcardDetail } from "./detail";
import { giftcardPurchaseLines, giftcardRedeemHelp } from "./lines";
import type { GiftcardBrandDetail, GiftcardDenomination } from "./types";

const brand: GiftcardBrandDetail = {
  id: "op_steam_gb",
  slug: "steam",
  name: "Steam",
  category: "gaming",
  countryCode: "gb",
  countryName: "United Kingdom",
  logoUrl: null,
  faceCurrency: "GBP",
  minFaceMinor: 500,
  maxFaceMinor: 10000,
  description: null,
  redemptionInstructions: "Open Steam.",
  worksIn: "Redeemable only in United Kingdom.",
};
const denomination: GiftcardDenomination = {
  token: "gc_tok",
  productName: "Steam 15 GBP gift card",
  faceValueMinor: 1500,
  faceCurrency: "GBP",
  currency: "EUR",
  amountMinor: 1750,
  feeMinor: 99,
  totalMinor: 1849,
  exchange: null,
};

describe("gift card order detail", () => {
  it("reads back what a sale wrote, beside the quote's detail", () => {
    const written = JSON.parse(
      JSON.stringify({
        priceToken: "gc_tok",
        product: { name: "Steam 15 GBP gift card" },
        ...giftcardDetailOf(brand, denomination),
      }),
    );
    expect(readGiftcardDetail(written)?.giftcard).toEqual({
      brandId: "op_steam_gb",
      brandName: "Steam",
      countryCode: "gb",
      countryName: "United Kingdom",
      faceValueMinor: 1500,
      faceCurrency: "GBP",
      worksIn: "Redeemable only in United Kingdom.",
      redemptionInstructions: "Open Steam.",
    });
    expect(giftcardPurchaseLines(written)).toEqual([
      { label: "Brand", value: "Steam" },
      { label: "Country", value: "United Kingdom" },
      { label: "Card value", value: "£15" },
    ]);
    expect(giftcardRedeemHelp(written)).toEqual({
      worksIn: "Redeemable only in United Kingdom.",
      instructions: "Open Steam.",
    });
  });

  it("reads a malformed detail as nothing shown, never throws", () => {
    for (const detail of [
      null,
      undefined,
      "giftcard",
      7,
      [],
      { giftcard: "Steam" },
      { giftcard: { brandName: "", faceValueMinor: -5, faceCurrency: "pounds" } },
    ]) {
      expect(() => readGiftcardDetail(detail)).not.toThrow();
      expect(giftcardPurchaseLines(detail)).toEqual([]);
      expect(giftcardRedeemHelp(detail)).toEqual({ worksIn: null, instructions: null });
    }
  });
});
