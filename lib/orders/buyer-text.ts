import { createTranslator } from "use-intl/core";
import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor, type Messages } from "@/lib/i18n/messages";
import { orderStatusDisplay } from "./presentation";

// The order's stored texts in the buyer's language (docs/i18n.md, "Texts the shop stored in
// English"). The order core writes a status reason (Order.statusReason) and a timeline message
// (OrderEvent.message) as things happen, in English: staff read the same rows, and a buyer may read
// them later in either language. Another language finds each text here by its English wording
// (buyer-text.test.ts checks that every wording the core writes for buyers is known); a text it
// does not know (a supplier's own words, a staff note) is shown as stored, or replaced by what the
// event was.

const reasonsIn = (locale: Locale) =>
  createTranslator({ locale, messages: messagesFor(locale), namespace: "OrderReasons" });
const timelineIn = (locale: Locale) =>
  createTranslator({ locale, messages: messagesFor(locale), namespace: "OrderTimeline" });
type Reasons = ReturnType<typeof reasonsIn>;
type Timeline = ReturnType<typeof timelineIn>;

/** Reasons as lib/orders, lib/payments and the upstream status maps write them. */
const REASONS: Record<string, keyof Messages["OrderReasons"]> = {
  "Your order is paid and will be completed shortly: the shop is topping up its balance with the supplier. Our staff have been notified. Nothing is charged twice.":
    "insufficientCredits",
  "The supplier's price went up after you paid. Our staff have been notified and will complete the order or refund you.":
    "priceMoved",
  "The shop cannot reach its supplier right now. Our staff have been notified and will complete your order.": "setup",
  "We could not confirm the order with the supplier. Our staff have been notified and will complete it or refund you; nothing is charged twice.":
    "unconfirmed",
  "We could not process this order. Our staff have been notified and will complete it or refund you.": "badDetail",
  "The supplier could not be reached for a while. Our staff have been notified and will complete your order or refund you; nothing is charged twice.":
    "retriesExhausted",
  "The supplier could not complete the order.": "supplierFailed",
  "The supplier could not complete the order and refunded your payment.": "supplierRefundedBuyer",
  "The supplier could not complete the order and returned the shop's payment.": "supplierRefundedShop",
  "The payment link expired before it was paid.": "paymentLinkExpired",
  "The supplier is checking this order by hand. We will complete it or refund you.": "manualRevision",
  "The unlock order was cancelled.": "unlockCancelled",
  "An unlock is not available for this device on this network.": "unlockNotAvailable",
  "The supplier could not process this unlock.": "unlockError",
  "The IMEI was not recognised by the checking service.": "imeiNotRecognised",
  "The full report could not be bought for this device.": "fullReportUnavailable",
  "This device's blacklist report is sold separately (the full report), so this check is refunded.":
    "reportSoldSeparately",
  "Your refund is being processed.": "refundInProgress",
  "We could not complete your refund yet. Our staff have been notified and will refund you or complete your order; nothing is charged twice.":
    "refundNotConfirmed",
  "The supplier refused the order.": "supplierRefused",
};

/** What a failed order's reason ends with (lib/orders/refund-due.ts, lib/payments/refund.ts). */
const REFUND_NOTES: ReadonlyArray<[english: string, key: "refundPending" | "paymentRefunded"]> = [
  ["Refund pending.", "refundPending"],
  ["Your payment was refunded.", "paymentRefunded"],
];

function reasonIn(text: string, t: Reasons): string | null {
  const known = REASONS[text];
  if (known) return t(known);
  for (const [english, key] of REFUND_NOTES) {
    if (text === english) return t(key);
    if (text.endsWith(` ${english}`)) {
      const head = text.slice(0, -english.length - 1);
      return `${reasonIn(head, t) ?? head} ${t(key)}`;
    }
  }
  const refused = /^The supplier refused the order: (.+)$/s.exec(text);
  if (refused) return t("supplierRefusedDetail", { detail: refused[1]! });
  return null;
}

/** An order's status reason as the buyer reads it. */
export function statusReasonText(reason: string, locale: Locale): string {
  return locale === "en" ? reason : (reasonIn(reason, reasonsIn(locale)) ?? reason);
}

/** Timeline messages with nothing in them but words. */
const MESSAGES: Record<string, keyof Messages["OrderTimeline"]["message"]> = {
  "Order created": "created",
  "Sent to the supplier's checkout to pay": "checkoutCreated",
  "Gift card code revealed": "codeRevealed",
  "Placing the order with the supplier": "placing",
  "Trying the order again": "tryingAgain",
  "IMEI report received": "imeiReport",
  "The supplier's payment link expired unpaid": "paymentLinkExpired",
  "The supplier balance now covers the order: placing it again": "balanceCovers",
  "Payment abandoned: the checkout expired without a payment. Nothing was charged.": "paymentAbandoned",
  "A second payment arrived for this order and could not be refunded automatically. Staff will refund it.":
    "secondPaymentHeld",
  "A second payment arrived for this order and was refunded automatically.": "secondPaymentRefunded",
  "Automatic refund failed: staff must refund this order.": "autoRefundFailed",
  "Unlock instructions read from the supplier": "instructions",
};

/** Every stored wording this file translates (buyer-text.test.ts finds each where the core writes it). */
export const KNOWN_WORDINGS: readonly string[] = [
  ...Object.keys(REASONS),
  ...Object.keys(MESSAGES),
  ...REFUND_NOTES.map(([english]) => english),
];

/**
 * "test payment" (a payment provider's label, lib/payments/types.ts PROVIDER_LABEL, in a message)
 * in the buyer's words: found by the English catalog's label, so the order core does not import
 * payments (lib/architecture/import-cycles.test.ts).
 */
function providerIn(english: string, t: Timeline): string {
  const labels = messagesFor("en").OrderTimeline.provider;
  const id = (Object.keys(labels) as (keyof typeof labels)[]).find((provider) => labels[provider] === english);
  return id ? t(`provider.${id}`) : english;
}

/** Timeline messages with a value in them (a provider, the supplier's reference or status). */
const PATTERNS: ReadonlyArray<[RegExp, (match: RegExpExecArray, t: Timeline, reasons: Reasons) => string]> = [
  [/^Checkout opened \((.+)\)\.$/, (m, t) => t("message.checkoutOpened", { provider: providerIn(m[1]!, t) })],
  [/^Payment received \((.+)\)\.$/, (m, t) => t("message.paymentReceived", { provider: providerIn(m[1]!, t) })],
  [
    /^Payment declined.*\. Nothing was charged; the order is still waiting for payment\.$/,
    (_, t) => t("message.paymentDeclined"),
  ],
  // The refund's reason is staff's (or the shop's) note: not repeated to the buyer.
  [/^Refunded \(([^)]+)\)/, (m, t) => t("message.refunded", { provider: providerIn(m[1]!, t) })],
  [/^Refund started \(([^)]+)\)/, (m, t) => t("message.refundStarted", { provider: providerIn(m[1]!, t) })],
  [
    /^(?:Placed with the supplier|Found with the supplier by its idempotency key): (?:ticket )?(.+)$/,
    (m, t) => t("message.placedWithSupplier", { ref: m[1]! }),
  ],
  [
    /^Supplier status: (\S+?)\.?(?: (.+))?$/s,
    (m, t, reasons) => {
      const status = t("message.supplierStatus", { status: m[1]! });
      return m[2] ? `${status}. ${reasonIn(m[2], reasons) ?? m[2]}` : status;
    },
  ],
  [/^Placed again by /, (_, t) => t("message.placedAgainByStaff")],
  [/^Receipt sent again to (.+)$/, (m, t) => t("message.receiptResent", { email: m[1]! })],
  [/^Mail "(.+)" sent again to (.+)$/, (m, t) => t("message.mailResent", { subject: m[1]!, to: m[2]! })],
  [/^Asked the supplier to finish the order now: status (.+)$/, (m, t) => t("message.finishNow", { status: m[1]! })],
];

/** Events whose message is a note for staff: what happened, in the buyer's words. */
const TYPES = [
  "price_changed",
  "reconcile",
  "placement_retry",
  "late_answer",
  "refund_failed",
  "cancel_refused",
  "unlock_nowait_failed",
  "upstream_status",
  "payment_declined",
  "refund",
] as const;
const isKnownType = (type: string): type is (typeof TYPES)[number] => (TYPES as readonly string[]).includes(type);

export type TimelineEntry = { type: string; toStatus: OrderStatus | null; message: string | null };

/** A timeline entry's title as the buyer reads it: its message, else the status it moved to, else its kind. */
export function timelineTitle(event: TimelineEntry, locale: Locale): string {
  const t = timelineIn(locale);
  const status = event.toStatus ? t("status", { label: orderStatusDisplay(event.toStatus, locale).label }) : null;
  if (locale === "en") return event.message ?? status ?? humanize(event.type, t);
  if (event.message) {
    const exact = MESSAGES[event.message];
    if (exact) return t(`message.${exact}`);
    const reasons = reasonsIn(locale);
    for (const [pattern, text] of PATTERNS) {
      const match = pattern.exec(event.message);
      if (match) return text(match, t, reasons);
    }
    const reason = reasonIn(event.message, reasons);
    if (reason) return reason;
  }
  if (isKnownType(event.type)) return t(`type.${event.type}`);
  return status ?? t("update");
}

/** "placement_retry" → "Placement retry": an English title for an event with no words of its own. */
function humanize(type: string, t: Timeline): string {
  const words = type.replace(/[._-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : t("update");
}
