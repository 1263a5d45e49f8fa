import type { MailPart } from "@/lib/mail/layout";
import { formatPhone } from "@/lib/validation/phone";
import { readTopupDetail } from "./detail";

// The top-up delivery mail's own part (lib/mail/delivery-mail.ts): the confirmation that the
// number was recharged, as the operator reported it. Nothing secret.

const DELIVERY_TEXT: Record<string, string> = {
  delivered: "The operator confirmed the top-up: the credit is on the number now.",
  pending: "The operator has the top-up and is crediting the number; it usually shows within minutes.",
  manual_revision: "The operator is checking this top-up by hand; the credit shows once it is done.",
};

export function topupDeliveryParts(fulfillment: Record<string, unknown>, detail: unknown): { parts: MailPart[]; carriesSecret: boolean } {
  const phone = readTopupDetail(detail)?.phone;
  const status = typeof fulfillment.deliveryStatus === "string" ? fulfillment.deliveryStatus.toLowerCase() : "delivered";
  const to = phone ? ` to ${formatPhone(phone)}` : "";
  return {
    parts: [{ kind: "text", text: `Your top-up${to} is done. ${DELIVERY_TEXT[status] ?? DELIVERY_TEXT.delivered}` }],
    carriesSecret: false,
  };
}
