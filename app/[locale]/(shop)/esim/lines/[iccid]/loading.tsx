import { GiftcardLoading } from "@/components/shop/giftcards/loading-skeleton";

export default function Loading() {
  return <GiftcardLoading label="Loading your eSIM…" tiles={2} wide={false} />;
}
