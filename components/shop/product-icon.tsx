import { Gift, Globe, LockOpen, ScanSearch, Smartphone, type LucideProps } from "lucide-react";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";

const icons = { topup: Smartphone, esim: Globe, giftcard: Gift, unlock: LockOpen, imeicheck: ScanSearch } as const;

export function ProductIcon({ type, ...props }: { type: ProductType } & LucideProps) {
  const Icon = icons[type];
  return <Icon aria-hidden="true" {...props} />;
}
