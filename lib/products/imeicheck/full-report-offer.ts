import type { Order } from "@/lib/db/generated/sqlite/client";
import { readImeiCheckDetail } from "./detail";
import { readImeiCheck } from "./lines";

// The second purchase of an IMEI check: when the supplier answers that a device's blacklist report
// is sold separately (type_pay P, device data only), the check is refunded and its order page
// offers the full report at the shop's own price, never at the supplier's address (docs/unlock.md,
// "The full report (a device whose report is sold separately)").

/** The IMEI whose full report this order's page may offer, or null (`fulfillment` opened: lib/orders/sealed-fulfillment.ts). */
export function fullReportOfferFor(
  order: Pick<Order, "productType" | "status" | "detail">,
  fulfillment: unknown,
): { imei: string } | null {
  if (order.productType !== "imeicheck") return null;
  if (order.status !== "failed" && order.status !== "refunded") return null;
  const detail = readImeiCheckDetail(order.detail);
  if (!detail || detail.report === "full") return null;
  const result = readImeiCheck(fulfillment);
  if (!result || result.payment?.type !== "P" || result.report || result.errors.length > 0) return null;
  return { imei: detail.imei };
}
