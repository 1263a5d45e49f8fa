import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { formatMoney } from "@/lib/money";
import { buyerPricing } from "@/lib/orders/buyer-view";
import { productName } from "@/lib/products/product-name";
import { purchaseLines } from "@/lib/products/purchase-lines";
import { mailTime, renderMail, type MailContent, type MailPart } from "./layout";
import { shopUrl } from "./links";
import { queueMail } from "./outbox";

// The mails an order's life sends its buyer (docs/mail.md), chosen by its status change and
// queued in the same transaction as that change (lib/orders/lifecycle.ts → queueOrderMail), so
// a mail exists exactly when its cause does:
//   → paid (or a payment-link checkout paid: awaiting_payment → placed)   receipt, with the order link
//   → fulfilled                                                            delivery
//   → failed; → cancelled once paid                                        failure / cancellation notice
//   → refunded                                                             refund notice
// and, outside the lifecycle, a payment-link checkout created (./payment-link mode): the way
// back to pay (queuePaymentLinkMail, with the checkout's own write).
// The delivery mail carries what was delivered (./delivery-mail.ts), sealed when that is a
// credential.

export type OrderMailKind = "receipt" | "delivery" | "failed" | "cancelled" | "refunded";
/** The mails whose content is the order's status news; the delivery mail is ./delivery-mail.ts. */
export type OrderNoticeKind = Exclude<OrderMailKind, "delivery">;

export function orderMailFor(from: OrderStatus, to: OrderStatus): OrderMailKind | null {
  if (to === "paid") return "receipt";
  if (from === "awaiting_payment" && to === "placed") return "receipt";
  if (to === "fulfilled") return "delivery";
  if (to === "failed") return "failed";
  // An unpaid checkout that lapses is no news to send.
  if (to === "cancelled" && from !== "awaiting_payment") return "cancelled";
  if (to === "refunded") return "refunded";
  return null;
}

export function orderLink(order: Pick<Order, "ref">): string {
  return shopUrl(`/orders/${order.ref}`);
}

/** "Mobile top-up", "Travel eSIM", …: the product's name as the shop's menu shows it. */
function orderProductName(order: Pick<Order, "productType">): string {
  return productName(order.productType);
}

/** The order's reference and what it bought, as every order mail lists them. */
export function orderPurchaseLines(order: Pick<Order, "ref" | "productType" | "detail">): Array<{ label: string; value: string }> {
  return [{ label: "Order", value: order.ref }, ...purchaseLines(order.productType, order.detail)];
}

function priceLines(order: Order, totalLabel = "Total paid"): Array<{ label: string; value: string }> {
  const pricing = buyerPricing(order.pricing, { currency: order.currency, totalMinor: order.retailAmount });
  const money = (minor: number) => formatMoney(minor, pricing.currency);
  return [
    { label: "Amount", value: money(pricing.amountMinor) },
    ...(pricing.serviceFeeMinor ? [{ label: "Service fee", value: money(pricing.serviceFeeMinor) }] : []),
    ...(pricing.smsFeeMinor ? [{ label: "SMS notice", value: money(pricing.smsFeeMinor) }] : []),
    { label: totalLabel, value: money(pricing.totalMinor) },
  ];
}

export function orderMailContent(kind: OrderNoticeKind, order: Order): MailContent {
  const ref = order.ref;
  const product = orderProductName(order);
  const bought: MailPart = { kind: "lines", lines: orderPurchaseLines(order) };
  const open: MailPart = { kind: "button", label: "Open your order", url: orderLink(order) };
  const keep: MailPart = { kind: "note", text: "The button opens your order page: keep this mail, it is your way back to the order." };
  switch (kind) {
    case "receipt":
      return {
        subject: `Your receipt for order ${ref}`,
        heading: "Thank you for your order",
        parts: [{ kind: "text", text: `We have your payment for this order (${product}) and are on it now.` }, bought, { kind: "lines", lines: priceLines(order) }, open, keep],
      };
    case "failed":
      return {
        subject: `Order ${ref} could not be completed`,
        heading: "We could not complete your order",
        parts: [
          { kind: "text", text: order.statusReason ?? "The supplier could not complete this order." },
          bought,
          { kind: "text", text: "If you paid, your money comes back to you automatically; we send a mail when the refund is made." },
          open,
        ],
      };
    case "cancelled":
      return {
        subject: `Order ${ref} is cancelled`,
        heading: "Your order is cancelled",
        parts: [{ kind: "text", text: order.statusReason ?? "This order was cancelled." }, bought, { kind: "text", text: "If you paid, your money comes back to you automatically; we send a mail when the refund is made." }, open],
      };
    case "refunded": {
      const pricing = buyerPricing(order.pricing, { currency: order.currency, totalMinor: order.retailAmount });
      return {
        subject: `Refund for order ${ref}`,
        heading: "Your refund is on its way",
        parts: [
          { kind: "text", text: `We refunded ${formatMoney(pricing.totalMinor, pricing.currency)} to the way you paid. Depending on your bank, it shows within a few days.` },
          bought,
          open,
        ],
      };
    }
  }
}

/** Queues the mail this status change sends, if any, in the change's own transaction. */
export async function queueOrderMail(tx: Prisma.TransactionClient, order: Order, from: OrderStatus, to: OrderStatus): Promise<void> {
  const kind = orderMailFor(from, to);
  if (!kind) return;
  if (kind === "delivery") {
    // Loaded on demand: it opens the order's sealed fulfillment (server-only), and processes
    // that move orders without delivering them (the e2e seed helpers) must not load that.
    const { queueDeliveryMail } = await import("./delivery-mail");
    await queueDeliveryMail(tx, order);
    return;
  }
  const mail = renderMail(orderMailContent(kind, order));
  await queueMail(tx, { to: order.customerEmail, ...mail, kind, orderId: order.id });
}

/**
 * A payment-link checkout (COMMERCE_CHECKOUT_MODE=payment_link) is waiting for the buyer: the
 * mail leads back to the order page, which offers the checkout, never to the supplier's host.
 */
export async function queuePaymentLinkMail(tx: Prisma.TransactionClient, order: Order, expiresAt: string | null, now: Date): Promise<void> {
  const until = expiresAt && !Number.isNaN(Date.parse(expiresAt)) ? mailTime(new Date(expiresAt)) : null;
  const content: MailContent = {
    subject: `Complete your payment for order ${order.ref}`,
    heading: "Your order is waiting for payment",
    parts: [
      { kind: "text", text: `Your order (${orderProductName(order)}) is ready to pay. Open your order to finish the payment${until ? ` before ${until}` : ""}.` },
      { kind: "lines", lines: orderPurchaseLines(order) },
      { kind: "lines", lines: priceLines(order, "To pay") },
      { kind: "button", label: "Open your order to pay", url: orderLink(order) },
      { kind: "note", text: "Nothing is charged until you pay. Keep this mail: it is your way back to the order." },
    ],
  };
  await queueMail(tx, { to: order.customerEmail, ...renderMail(content), kind: "payment_link", orderId: order.id }, now);
}
