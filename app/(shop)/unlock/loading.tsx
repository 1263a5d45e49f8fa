import { GiftcardLoading } from "@/components/shop/giftcards/loading-skeleton";

// The catalog skeleton the gift card pages use: same layout, same announcement.
export default function Loading() {
  return <GiftcardLoading label="Loading the unlock catalog…" tiles={8} />;
}
