import { TopupLoading } from "@/components/shop/topup/skeletons";

export default function Loading() {
  return <TopupLoading label="Loading the top-up…" />;
}
