// The gift card catalog as the journey's components receive it (built on the server by
// lib/products/giftcard/catalog.ts from the cached upstream reads). Money in minor units.

import type { ExchangeRate } from "@/lib/pricing/exchange";
export type GiftcardCountry = { code: string; name: string; brandCount: number | null };

export type GiftcardBrandSummary = {
  id: string;
  /** The brand's name in the URL (/giftcards/gb/google-play). */
  slug: string;
  name: string;
  category: string | null;
  countryCode: string;
  countryName: string;
  /** The logo through the shop's image proxy; null shows the brand's initials instead. */
  logoUrl: string | null;
  /** Face values in the card's own currency. */
  faceCurrency: string | null;
  minFaceMinor: number | null;
  maxFaceMinor: number | null;
};

export type GiftcardBrandDetail = GiftcardBrandSummary & {
  description: string | null;
  redemptionInstructions: string | null;
  /** Where the card can be redeemed, in the supplier's words. */
  worksIn: string | null;
};

/** One denomination: the card's face value and the shop's price for it (amount + fee = total). */
export type GiftcardDenomination = {
  token: string;
  productName: string;
  faceValueMinor: number | null;
  faceCurrency: string | null;
  currency: string;
  amountMinor: number;
  feeMinor: number;
  totalMinor: number;
  /** The supplier's own EUR→USD rate for it (total_cost_usd / total_cost_eur), when it gives one. */
  exchange: ExchangeRate | null;
};

/** Set when a page shows an old cache entry (the supplier could not be reached to refresh it). */
export type { CatalogAge } from "@/lib/catalog/age";
