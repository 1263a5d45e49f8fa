import "server-only";
import type { DbClient } from "@/lib/db/create-client";
import { startCheckout } from "./index";
import { startPaymentLinkOrder } from "@/lib/orders/payment-link";

/**
 * Where the buyer goes to pay an order: the shop's own checkout (credits mode), or the
 * supplier's hosted checkout (COMMERCE_CHECKOUT_MODE=payment_link, chosen when the order was
 * created). Both are safe to call again: they hand back the same checkout.
 */
export async function beginPayment(db: DbClient, order: { id: string; upstreamMode: string }): Promise<string> {
  if (order.upstreamMode === "payment_link") return (await startPaymentLinkOrder(db, order.id)).paymentLink;
  return (await startCheckout(db, order.id)).redirectUrl;
}
