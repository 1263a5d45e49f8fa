import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";
import type { MailPart } from "@/lib/mail/layout";
import { formatPhone } from "@/lib/validation/phone";
import { readTopupDetail } from "./detail";

// The top-up delivery mail's own part (lib/mail/delivery-mail.ts): the confirmation that the
// number was recharged, as the operator reported it. Nothing secret.

const STATUSES = ["delivered", "pending", "manual_revision"] as const;

export function topupDeliveryParts(
  fulfillment: Record<string, unknown>,
  detail: unknown,
  locale: Locale,
): { parts: MailPart[]; carriesSecret: boolean } {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "Mail.topup" });
  const phone = readTopupDetail(detail)?.phone;
  const reported =
    typeof fulfillment.deliveryStatus === "string" ? fulfillment.deliveryStatus.toLowerCase() : "delivered";
  const status = STATUSES.find((known) => known === reported) ?? "delivered";
  const done = phone ? t("doneTo", { phone: formatPhone(phone) }) : t("done");
  const reportedText = t(`status.${status}`);
  return {
    parts: [{ kind: "text", text: `${done} ${reportedText}` }],
    carriesSecret: false,
  };
}
