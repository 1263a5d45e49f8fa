import type { PurchaseLine } from "@/lib/orders/buyer-view";
import { readGiftcardDetail } from "./detail";
import { formatFaceValue } from "./face-value";

// A gift card order's detail (./detail.ts) read for the buyer: brand, country, card value, where
// it works and how to redeem it. Price tokens and the like are not read. Malformed → nothing shown.

/** "What you bought" rows for a gift card order. */
export function giftcardPurchaseLines(detail: unknown): PurchaseLine[] {
  const parsed = readGiftcardDetail(detail);
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
  const card = readGiftcardDetail(detail)?.giftcard;
  return { worksIn: card?.worksIn ?? null, instructions: card?.redemptionInstructions ?? null };
}
