import "server-only";
import { createTranslator } from "use-intl/core";
import type { MailOutbox, Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { messagesFor } from "@/lib/i18n/messages";
import { openFulfillment } from "@/lib/orders/sealed-fulfillment";
import { PRODUCT_MODULES } from "@/lib/products/registry";
import { renderMail, type MailContent } from "./layout";
import { supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import { orderLink, orderPurchaseLines } from "./order-mails";
import { queueMail } from "./outbox";
import { sealMail } from "./seal";

// The delivery mail (→ fulfilled): what the order delivered, so a guest who closed the tab still
// has it. Each product says its own part (its module's `mail`, lib/products/<product>/mail.ts): the eSIM's QR code
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
  const own = await PRODUCT_MODULES[order.productType].mail.deliveryParts({
    db,
    order,
    fulfillment,
    locale,
    orderUrl: orderLink(order),
  });
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

/** Queues the order's delivery mail in the caller's transaction (the → fulfilled change, or staff's "send again"). */
export async function queueDeliveryMail(tx: Prisma.TransactionClient, order: Order): Promise<MailOutbox> {
  const { content, carriesSecret } = await deliveryMailContent(tx, order);
  const mail = { to: order.customerEmail, ...renderMail(content), kind: "delivery", orderId: order.id };
  return queueMail(tx, carriesSecret ? sealMail(mail) : mail);
}
