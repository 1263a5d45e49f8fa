import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { esimPurchaseLines } from "@/lib/products/esim/lines";
import { giftcardPurchaseLines } from "@/lib/products/giftcard/lines";
import type { PurchaseLine } from "@/lib/orders/buyer-view";
import { topupPurchaseLines } from "./topup/lines";
import { imeiCheckPurchaseLines } from "@/lib/products/imeicheck/lines";
import { unlockPurchaseLines } from "@/lib/products/unlock/lines";

// What the buyer is buying, in a few labelled lines (number and operator, brand and value,
// destination and plan, device and IMEI): the same on the payment page and the order page.
const LINES: Record<ProductType, (detail: unknown) => PurchaseLine[]> = {
  topup: topupPurchaseLines,
  giftcard: giftcardPurchaseLines,
  esim: esimPurchaseLines,
  unlock: unlockPurchaseLines,
  imeicheck: imeiCheckPurchaseLines,
};

export function purchaseLines(productType: ProductType, detail: unknown): PurchaseLine[] {
  return LINES[productType](detail);
}
