import { TopupLoading } from "@/components/shop/topup/skeletons";

export default function Loading() {
  return <TopupLoading label="Loading the country's operators and top-ups…" cards={4} />;
}
