import { Gift, Globe, LockOpen, ScanSearch, Smartphone, type LucideIcon, type LucideProps } from "lucide-react";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";

/** Each product's icon (one per ProductType: the compiler names a missing one). */
const icons = {
  topup: Smartphone,
  esim: Globe,
  giftcard: Gift,
  unlock: LockOpen,
  imeicheck: ScanSearch,
} satisfies Record<ProductType, LucideIcon>;

export function ProductIcon({ type, ...props }: { type: ProductType } & LucideProps) {
  const Icon = icons[type];
  return <Icon aria-hidden="true" {...props} />;
}
