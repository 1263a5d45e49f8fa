import { createTranslator } from "use-intl/core";
import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { moneyText } from "@/lib/i18n/formats";
import { supportedLocale, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";
import { statusReasonText } from "@/lib/orders/buyer-text";
import { buyerPricing } from "@/lib/orders/buyer-view";
import { productName } from "@/lib/products/product-name";
import { purchaseLines } from "@/lib/products/purchase-lines";
import { mailTime, renderMail, type MailContent, type MailPart } from "./layout";
import { shopUrlIn } from "./links";
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
// credential. Every mail is written in the order's language (Order.locale, ./mail-text.ts).

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

/** The order page's address, in the buyer's language. */
export function orderLink(order: Pick<Order, "ref" | "locale">): string {
  return shopUrlIn(`/orders/${order.ref}`, supportedLocale(order.locale));
}

/** The order's reference and what it bought, as every order mail lists them. */
/** The order mails' words (messages/<locale>.json, "Mail"), in the buyer's language. */
const mailText = (locale: Locale) => createTranslator({ locale, messages: messagesFor(locale), namespace: "Mail" });
type MailText = ReturnType<typeof mailText>;

export function orderPurchaseLines(
  order: Pick<Order, "ref" | "productType" | "detail" | "locale">,
): Array<{ label: string; value: string }> {
  const locale = supportedLocale(order.locale);
  return [
    { label: mailText(locale)("order"), value: order.ref },
    ...purchaseLines(order.productType, order.detail, locale),
  ];
}

function priceLines(
  order: Order,
  t: MailText,
  totalLabel = t("price.totalPaid"),
): Array<{ label: string; value: string }> {
  const pricing = buyerPricing(order.pricing, { currency: order.currency, totalMinor: order.retailAmount });
  const money = (minor: number) => moneyText(minor, pricing.currency, supportedLocale(order.locale));
  return [
    { label: t("price.amount"), value: money(pricing.amountMinor) },
    ...(pricing.serviceFeeMinor ? [{ label: t("price.serviceFee"), value: money(pricing.serviceFeeMinor) }] : []),
    ...(pricing.smsFeeMinor ? [{ label: t("price.smsFee"), value: money(pricing.smsFeeMinor) }] : []),
    { label: totalLabel, value: money(pricing.totalMinor) },
  ];
}

/** Why the order failed or was cancelled, in the buyer's language (stored reasons are English: lib/orders/buyer-text.ts). */
function reasonText(order: Order, fallback: string): string {
  return order.statusReason ? statusReasonText(order.statusReason, supportedLocale(order.locale)) : fallback;
}

export function orderMailContent(kind: OrderNoticeKind, order: Order): MailContent {
  const locale = supportedLocale(order.locale);
  const t = mailText(locale);
  const ref = order.ref;
  const product = productName(order.productType, locale);
  const bought: MailPart = { kind: "lines", lines: orderPurchaseLines(order) };
  const open: MailPart = { kind: "button", label: t("openOrder"), url: orderLink(order) };
  switch (kind) {
    case "receipt":
      return {
        locale,
        subject: t("receipt.subject", { ref }),
        heading: t("receipt.heading"),
        parts: [
          { kind: "text", text: t("receipt.text", { product }) },
          bought,
          { kind: "lines", lines: priceLines(order, t) },
          open,
          { kind: "note", text: t("keepNote") },
        ],
      };
    case "failed":
      return {
        locale,
        subject: t("failed.subject", { ref }),
        heading: t("failed.heading"),
        parts: [
          { kind: "text", text: reasonText(order, t("failed.reason")) },
          bought,
          { kind: "text", text: t("refundFollows") },
          open,
        ],
      };
    case "cancelled":
      return {
        locale,
        subject: t("cancelled.subject", { ref }),
        heading: t("cancelled.heading"),
        parts: [
          { kind: "text", text: reasonText(order, t("cancelled.reason")) },
          bought,
          { kind: "text", text: t("refundFollows") },
          open,
        ],
      };
    case "refunded": {
      const pricing = buyerPricing(order.pricing, { currency: order.currency, totalMinor: order.retailAmount });
      return {
        locale,
        subject: t("refunded.subject", { ref }),
        heading: t("refunded.heading"),
        parts: [
          {
            kind: "text",
            text: t("refunded.text", { amount: moneyText(pricing.totalMinor, pricing.currency, locale) }),
          },
          bought,
          open,
        ],
      };
    }
  }
}

/** Queues the mail this status change sends, if any, in the change's own transaction. */
export async function queueOrderMail(
  tx: Prisma.TransactionClient,
  order: Order,
  from: OrderStatus,
  to: OrderStatus,
): Promise<void> {
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
export async function queuePaymentLinkMail(
  tx: Prisma.TransactionClient,
  order: Order,
  expiresAt: string | null,
  now: Date,
): Promise<void> {
  const until = expiresAt && !Number.isNaN(Date.parse(expiresAt)) ? mailTime(new Date(expiresAt)) : null;
  const locale = supportedLocale(order.locale);
  const t = mailText(locale);
  const product = productName(order.productType, locale);
  const content: MailContent = {
    locale,
    subject: t("paymentLink.subject", { ref: order.ref }),
    heading: t("paymentLink.heading"),
    parts: [
      {
        kind: "text",
        text: until ? t("paymentLink.textUntil", { product, until }) : t("paymentLink.text", { product }),
      },
      { kind: "lines", lines: orderPurchaseLines(order) },
      { kind: "lines", lines: priceLines(order, t, t("price.toPay")) },
      { kind: "button", label: t("paymentLink.button"), url: orderLink(order) },
      { kind: "note", text: t("paymentLink.note") },
    ],
  };
  await queueMail(
    tx,
    { to: order.customerEmail, ...renderMail(content), kind: "payment_link", orderId: order.id },
    now,
  );
}
