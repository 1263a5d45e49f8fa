import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";
import type { PaymentError } from "./types";

// A payment refusal in the buyer's language: the error's own words in English, the catalog's
// otherwise.

/** The payment refusals a buyer can meet when opening a checkout (lib/payments/checkout.ts). */
const BUYER_PAYMENT_ERRORS = ["order_not_found", "invalid_amount", "provider_unavailable"] as const;

/** A PaymentError's message for the buyer: its own words in English, the catalog's otherwise. */
export function paymentErrorText(error: PaymentError, locale: Locale): string {
  if (locale === "en") return error.userMessage;
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "OrderActions" });
  const code = (BUYER_PAYMENT_ERRORS as readonly string[]).includes(error.code)
    ? (error.code as (typeof BUYER_PAYMENT_ERRORS)[number])
    : "other";
  return t(`paymentError.${code}`);
}
