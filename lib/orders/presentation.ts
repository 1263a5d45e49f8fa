import type { Tone } from "@/lib/ui/tone";
import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";

/** How each lifecycle status reads to a buyer: a label, a colour and one line of explanation. */
export const ORDER_STATUS_DISPLAY: Record<OrderStatus, { label: string; tone: Tone; explanation: string }> = {
  awaiting_payment: { label: "Awaiting payment", tone: "neutral", explanation: "We have your order and are waiting for the payment to complete." },
  paid: { label: "Paid", tone: "brand", explanation: "Payment received. We are sending your order to our supplier." },
  placing: { label: "Processing", tone: "brand", explanation: "We are placing your order with our supplier." },
  placed: { label: "In progress", tone: "brand", explanation: "Your order is with our supplier and will be delivered shortly." },
  fulfilled: { label: "Delivered", tone: "ok", explanation: "Your order is complete." },
  failed: { label: "Failed", tone: "danger", explanation: "The order could not be completed." },
  cancelled: { label: "Cancelled", tone: "neutral", explanation: "The order was cancelled." },
  refunded: { label: "Refunded", tone: "warn", explanation: "The order was not delivered and your payment is refunded." },
  needs_attention: { label: "Being checked", tone: "warn", explanation: "Our staff are looking at this order and will complete it or refund you." },
};
