import "server-only";
import { createTranslator } from "use-intl/core";
import type { MailOutbox, Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { messagesFor } from "@/lib/i18n/messages";
import { openFulfillment } from "@/lib/orders/sealed-fulfillment";
import { esimDeliveryParts } from "@/lib/products/esim/mail";
import { giftcardCodesInMail } from "@/lib/products/giftcard/mail-setting";
import { giftcardDeliveryParts } from "@/lib/products/giftcard/mail";
import { imeiCheckDeliveryParts } from "@/lib/products/imeicheck/mail";
import { topupDeliveryParts } from "@/lib/products/topup/mail";
import { unlockDeliveryParts } from "@/lib/products/unlock/mail";
import { renderMail, type MailContent, type MailPart } from "./layout";
import { supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import { orderLink, orderPurchaseLines } from "./order-mails";
import { queueMail } from "./outbox";
import { sealMail } from "./seal";

// The delivery mail (→ fulfilled): what the order delivered, so a guest who closed the tab still
// has it. Each product says its own part (lib/products/<product>/mail.ts): the eSIM's QR code
// and install details, the gift card's redemption (its code only if staff allow it), the unlock
// instructions, the IMEI summary, the top-up confirmation. A mail that carries a credential is
// sealed until sent (./seal.ts).
//
// Server-only (it opens the order's sealed fulfillment): ./order-mails.ts loads it on demand,
// so modules that move orders without delivering them stay importable everywhere.

type Reader = Prisma.TransactionClient | Pick<Prisma.TransactionClient, "setting">;

export async function deliveryMailContent(
  db: Reader,
  order: Order,
): Promise<{ content: MailContent; carriesSecret: boolean }> {
  const locale = supportedLocale(order.locale);
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "Mail" });
  const fulfillment = openFulfillment(order.fulfillment);
  const own = await productParts(db, order, fulfillment);
  return {
    content: {
      locale,
      subject: t("delivery.subject", { ref: order.ref }),
      heading: t(`delivery.heading.${order.productType}`),
      parts: [
        ...own.parts,
        { kind: "lines", lines: orderPurchaseLines(order) },
        { kind: "button", label: t("openOrder"), url: orderLink(order) },
        { kind: "note", text: t("delivery.note") },
      ],
    },
    carriesSecret: own.carriesSecret,
  };
}

async function productParts(
  db: Reader,
  order: Order,
  fulfillment: Record<string, unknown>,
): Promise<{ parts: MailPart[]; carriesSecret: boolean }> {
  const locale = supportedLocale(order.locale);
  switch (order.productType) {
    case "topup":
      return topupDeliveryParts(fulfillment, order.detail, locale);
    case "esim":
      return esimDeliveryParts(fulfillment, locale);
    case "giftcard":
      return giftcardDeliveryParts(fulfillment, order.detail, {
        codesInMail: await giftcardCodesInMail(db),
        orderUrl: orderLink(order),
        locale,
      });
    case "unlock":
      return unlockDeliveryParts(fulfillment, locale);
    case "imeicheck":
      return imeiCheckDeliveryParts(fulfillment, locale);
  }
}

/** Queues the order's delivery mail in the caller's transaction (the → fulfilled change, or staff's "send again"). */
export async function queueDeliveryMail(tx: Prisma.TransactionClient, order: Order): Promise<MailOutbox> {
  const { content, carriesSecret } = await deliveryMailContent(tx, order);
  const mail = { to: order.customerEmail, ...renderMail(content), kind: "delivery", orderId: order.id };
  return queueMail(tx, carriesSecret ? sealMail(mail) : mail);
}
