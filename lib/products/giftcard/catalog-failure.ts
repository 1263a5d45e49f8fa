// What the gift card catalog says when a read fails for a reason that is not the supplier's (an
// upstream error carries its own message: lib/upstream/errors.ts). The point of sale shows these
// as they are; the buyer pages and the pay action recognise them and say them in the buyer's
// language. Pure: no server code here.

export const GIFTCARD_CATALOG_FAILURES = {
  countries: "We could not load the gift card countries just now. Please try again in a moment.",
  brands: "We could not load the gift card brands just now. Please try again in a moment.",
  cardValues: "We could not load the card values just now. Please try again in a moment.",
  quote: "We could not price this gift card just now. Please try again in a moment.",
} as const;

export type GiftcardCatalogFailure = keyof typeof GIFTCARD_CATALOG_FAILURES;

/** Which of the catalog's own failures `message` is, or null (the supplier's message, or another). */
export function giftcardCatalogFailureOf(message: string): GiftcardCatalogFailure | null {
  const found = Object.entries(GIFTCARD_CATALOG_FAILURES).find(([, text]) => text === message);
  return found ? (found[0] as GiftcardCatalogFailure) : null;
}
