import type { PosProduct } from "@/lib/admin/pos/sale-request";

/** The products the point of sale sells, in tab order (each with a form in this folder). */
export const POS_PRODUCTS: ReadonlyArray<{ product: PosProduct; label: string }> = [
  { product: "topup", label: "Mobile top-up" },
  { product: "esim", label: "Travel eSIM" },
  { product: "giftcard", label: "Gift card" },
  { product: "unlock", label: "Device unlock" },
  { product: "imeicheck", label: "IMEI check" },
];

export function posProductOf(value: string | string[] | undefined): PosProduct {
  return POS_PRODUCTS.find((p) => p.product === value)?.product ?? "topup";
}
