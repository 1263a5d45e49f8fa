import type { ProductType } from "@/lib/db/generated/sqlite/enums";

// How staff screens and the go-live check's output name the products (English, like the rest
// of the admin). Pure: the admin's client components import it.

/** The products in a staff sentence: "Would fail: top-ups, gift cards". */
export const PRODUCT_LABELS: Record<ProductType, string> = {
  topup: "top-ups",
  esim: "eSIMs",
  giftcard: "gift cards",
  unlock: "device unlocks",
  imeicheck: "IMEI checks",
};

/** The same at the start of a staff sentence or on a button: "Top-ups are switched off". */
export const PRODUCT_NAMES: Record<ProductType, string> = {
  topup: "Top-ups",
  esim: "eSIMs",
  giftcard: "Gift cards",
  unlock: "Device unlocks",
  imeicheck: "IMEI checks",
};
