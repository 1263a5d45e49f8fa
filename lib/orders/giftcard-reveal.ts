// The gift card's reveal rule lives in its product folder; this path remains for the modules
// not yet pointed there (lib/orders/sealed-fulfillment.int.test.ts).
export {
  readRedemption,
  readRevealedAt,
  recordCodeReveal,
  type GiftcardRedemption,
} from "@/lib/products/giftcard/reveal";
