import type { DbClient } from "@/lib/db/create-client";
import { findViewableOrder } from "@/lib/orders/access";
import { readIccid } from "./usage";

// Who may look up an eSIM by its ICCID (/esim/lines/[iccid]): only someone who may see the
// order that bought it (lib/orders/access.ts). A signed-in buyer finds the eSIMs of their own
// account's orders by the ICCID alone; a guest brings the order's link (?order=<ref>), the
// same key that opens the order page. Everyone else, and every ICCID the shop did not sell,
// gets "not found": the page never looks up an arbitrary ICCID with the supplier.

export const ICCID_PATTERN = /^\d{18,22}F?$/i;

/** How many of an account's eSIM orders are searched for the ICCID (newest first). */
const ACCOUNT_SCAN_LIMIT = 500;

const orderSelect = {
  id: true,
  ref: true,
  userId: true,
  placedAsGuest: true,
  status: true,
  productType: true,
  fulfillment: true,
  detail: true,
  createdAt: true,
} as const;

export async function findViewableEsimOrder(
  db: DbClient,
  iccid: string,
  viewer: { userId?: string | null; orderRef?: string | null },
) {
  if (!ICCID_PATTERN.test(iccid)) return null;
  if (viewer.orderRef) {
    const order = await findViewableOrder(
      (ref) => db.order.findUnique({ where: { ref }, select: orderSelect }),
      viewer.orderRef,
      viewer.userId,
    );
    if (order && order.productType === "esim" && readIccid(order.fulfillment) === iccid) return order;
  }
  if (viewer.userId) {
    const own = await db.order.findMany({
      where: { userId: viewer.userId, productType: "esim" },
      select: orderSelect,
      orderBy: { createdAt: "desc" },
      take: ACCOUNT_SCAN_LIMIT,
    });
    return own.find((order) => readIccid(order.fulfillment) === iccid) ?? null;
  }
  return null;
}
