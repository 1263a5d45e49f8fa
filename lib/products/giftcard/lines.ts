import { z } from "zod";
import { formatFaceValue } from "@/components/shop/giftcards/face-value";
import type { GiftcardBrandDetail, GiftcardDenomination } from "@/components/shop/giftcards/types";
import type { PurchaseLine } from "@/lib/orders/buyer-view";

// A gift card order's `detail.giftcard` (written by the gift card pay action from the catalog
// as the buyer saw it) read for the buyer: brand, country, card value, where it works and how
// to redeem it. Price tokens and the like are not read. Malformed → nothing shown.

/**
 * The `detail.giftcard` an order stores: what the buyer chose, as the catalog showed it (the
 * storefront's pay action and the point of sale both write it; placement sends only the price token).
 */
export function giftcardDetailOf(brand: GiftcardBrandDetail, denomination: GiftcardDenomination) {
  return {
    brandId: brand.id,
    brandName: brand.name,
    countryCode: brand.countryCode,
    countryName: brand.countryName,
    faceValueMinor: denomination.faceValueMinor,
    faceCurrency: denomination.faceCurrency,
    worksIn: brand.worksIn,
    redemptionInstructions: brand.redemptionInstructions,
  };
}

const text = z.string().trim().min(1);
const loose = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);

const giftcardDetailSchema = z.object({
  giftcard: loose(
    z.object({
      brandName: loose(text),
      countryName: loose(text),
      faceValueMinor: loose(z.number().int().nonnegative()),
      faceCurrency: loose(z.string().regex(/^[A-Za-z]{3}$/)),
      worksIn: loose(text),
      redemptionInstructions: loose(text),
    }),
  ),
  product: loose(z.object({ name: loose(text) })),
});

function parse(detail: unknown) {
  const parsed = giftcardDetailSchema.safeParse(detail);
  return parsed.success ? parsed.data : null;
}

/** "What you bought" rows for a gift card order. */
export function giftcardPurchaseLines(detail: unknown): PurchaseLine[] {
  const parsed = parse(detail);
  if (!parsed) return [];
  const card = parsed.giftcard;
  const lines: PurchaseLine[] = [];
  if (card?.brandName) lines.push({ label: "Brand", value: card.brandName });
  else if (parsed.product?.name) lines.push({ label: "Product", value: parsed.product.name });
  if (card?.countryName) lines.push({ label: "Country", value: card.countryName });
  if (card?.faceValueMinor !== undefined && card?.faceValueMinor !== null && card.faceCurrency) {
    lines.push({ label: "Card value", value: formatFaceValue(card.faceValueMinor, card.faceCurrency.toUpperCase()) });
  }
  return lines;
}

/** Where the card works and how to redeem it, as the catalog said when it was bought. */
export function giftcardRedeemHelp(detail: unknown): { worksIn: string | null; instructions: string | null } {
  const card = parse(detail)?.giftcard;
  return { worksIn: card?.worksIn ?? null, instructions: card?.redemptionInstructions ?? null };
}
