import { createTranslator } from "use-intl/core";
import type { Tone } from "@/lib/ui/tone";
import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";

export type OrderStatusDisplay = { label: string; tone: Tone; explanation: string };

const TONE: Record<OrderStatus, Tone> = {
  awaiting_payment: "neutral",
  paid: "brand",
  placing: "brand",
  placed: "brand",
  fulfilled: "ok",
  failed: "danger",
  cancelled: "neutral",
  refunded: "warn",
  needs_attention: "warn",
};

/**
 * How a lifecycle status reads to a buyer, in their language: a label, a colour and one line of
 * explanation. The words are in the catalogs ("OrderStatus"), so buyer pages and staff pages
 * (English) say the same.
 */
export function orderStatusDisplay(status: OrderStatus, locale: Locale = "en"): OrderStatusDisplay {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "OrderStatus" });
  return { label: t(`${status}.label`), tone: TONE[status], explanation: t(`${status}.explanation`) };
}

/** Every status in English: staff pages and the status route. */
export const ORDER_STATUS_DISPLAY = Object.fromEntries(
  (Object.keys(TONE) as OrderStatus[]).map((status) => [status, orderStatusDisplay(status)]),
) as Record<OrderStatus, OrderStatusDisplay>;
