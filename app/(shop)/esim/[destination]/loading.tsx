import { GiftcardLoading } from "@/components/shop/giftcards/loading-skeleton";

export default function Loading() {
  return <GiftcardLoading label="Loading eSIM plans…" tiles={12} />;
}
