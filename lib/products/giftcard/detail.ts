import { z } from "zod";
import type { GiftcardBrandDetail, GiftcardDenomination } from "./types";

// The one shape of a gift card order's `detail.giftcard`: what the buyer chose, as the catalog
// showed it. Both channels write it through `giftcardDetailOf` (./sale.ts); the order and
// payment pages read it through `readGiftcardDetail` (./lines.ts). Placement sends only the
// price token (lib/orders/detail.ts), never this; the code itself lives in the fulfilment.

/** What a sale writes: the catalog's values as they were, checked for their types. */
export const giftcardDetailSchema = z.object({
  giftcard: z.object({
    brandId: z.string(),
    brandName: z.string(),
    countryCode: z.string(),
    countryName: z.string(),
    faceValueMinor: z.number().nullable(),
    faceCurrency: z.string().nullable(),
    /** Where the card can be redeemed, in the supplier's words. */
    worksIn: z.string().nullable(),
    redemptionInstructions: z.string().nullable(),
  }),
});
export type GiftcardDetail = z.infer<typeof giftcardDetailSchema>["giftcard"];

const text = z.string().trim().min(1);
const loose = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);

/** What a reader accepts: a field missing or malformed is not shown; the quote's product name is the fallback. */
const readSchema = z.object({
  giftcard: loose(
    z.object({
      brandId: loose(text),
      brandName: loose(text),
      countryCode: loose(z.string().regex(/^[a-z]{2}$/i)),
      countryName: loose(text),
      faceValueMinor: loose(z.number().int().nonnegative()),
      faceCurrency: loose(z.string().regex(/^[A-Za-z]{3}$/)),
      worksIn: loose(text),
      redemptionInstructions: loose(text),
    }),
  ),
  product: loose(z.object({ name: loose(text) })),
});

export type GiftcardDetailRead = z.infer<typeof readSchema>;

/** The `detail` entries a gift card sale adds to the quote's: the brand and the card value the buyer chose. */
export function giftcardDetailOf(
  brand: GiftcardBrandDetail,
  denomination: GiftcardDenomination,
): { giftcard: GiftcardDetail } {
  return giftcardDetailSchema.parse({
    giftcard: {
      brandId: brand.id,
      brandName: brand.name,
      countryCode: brand.countryCode,
      countryName: brand.countryName,
      faceValueMinor: denomination.faceValueMinor,
      faceCurrency: denomination.faceCurrency,
      worksIn: brand.worksIn,
      redemptionInstructions: brand.redemptionInstructions,
    },
  });
}

/** An order's detail as far as a gift card reader can use it; null when it is not an object. Never throws. */
export function readGiftcardDetail(detail: unknown): GiftcardDetailRead | null {
  const parsed = readSchema.safeParse(detail);
  return parsed.success ? parsed.data : null;
}
