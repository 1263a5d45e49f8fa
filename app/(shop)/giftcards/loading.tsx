import { GiftcardLoading } from "@/components/shop/giftcards/loading-skeleton";

export default function Loading() {
  return <GiftcardLoading label="Loading gift card countries…" tiles={12} />;
}
