import type { DbClient } from "@/lib/db/create-client";
import { esimInstall } from "./lines";
import { remainingData, type RemainingData } from "./remaining-data";

/**
 * The remaining data the order page's eSIM delivery card shows (components/shop/orders/esim-delivery.tsx),
 * read by the page and handed to the card. Null when there is no card: before fulfillment, or with
 * nothing to install; the supplier is then not asked.
 */
export async function esimDeliveryUsage(
  db: DbClient,
  order: { id: string; status: string; fulfillment: unknown },
): Promise<RemainingData | null> {
  if (order.status !== "fulfilled") return null;
  const install = esimInstall(order.fulfillment);
  if (!install.activation && !install.hostedQrUrl && !install.iccid) return null;
  return remainingData(db, order.id);
}
