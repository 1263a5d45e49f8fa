import "server-only";
import type { Order, Payment } from "@/lib/db/generated/sqlite/client";
import { env } from "@/lib/env";
import { formatMoney } from "@/lib/money";
import { ORDER_STATUS_DISPLAY } from "@/lib/orders/presentation";
import { PRODUCTS, SHOP_NAME } from "@/lib/products";

/** The receipt mail for an order: what was bought, what was paid, and the order page link. */
export function receiptMail(order: Order, payment: Payment | null): { subject: string; body: string } {
  const product = PRODUCTS.find((p) => p.type === order.productType)?.name ?? order.productType;
  const lines = [
    `Thank you for your order at ${SHOP_NAME}.`,
    "",
    `Order: ${order.ref}`,
    `Product: ${product}`,
    `Status: ${ORDER_STATUS_DISPLAY[order.status].label}`,
    `Total: ${formatMoney(order.retailAmount, order.currency)}`,
    payment ? `Payment: ${payment.status} (${payment.provider}) on ${payment.updatedAt.toISOString().slice(0, 10)}` : "Payment: not received yet",
    "",
    `Follow your order: ${new URL(`/orders/${order.ref}`, env.APP_URL).toString()}`,
  ];
  return { subject: `${SHOP_NAME} receipt for order ${order.ref}`, body: lines.join("\n") };
}
