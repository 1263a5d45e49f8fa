import { GiftcardLoading } from "@/components/shop/giftcards/loading-skeleton";

export default function Loading() {
  return <GiftcardLoading label="Loading the plan…" tiles={4} wide={false} />;
}
