"use server";

import { getLocale, getTranslations } from "next-intl/server";
import { expectActionInput, isForm, isText } from "@/lib/http/action-input";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import type { PayNowState } from "@/components/shop/orders/pay-now-form";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { findViewableOrder } from "@/lib/orders/access";
import { paymentErrorText } from "@/lib/payments/error-text";
import { beginPayment } from "@/lib/checkout/shop";
import { PaymentError } from "@/lib/payments";

/**
 * "Pay now" on the order page: the same access rule as the page, and only while the order
 * still awaits payment (a second tab that already paid gets the order page back).
 */
export async function payNowAction(ref: string, _state: PayNowState, _form: FormData): Promise<PayNowState> {
  expectActionInput(isText(ref, 200) && isForm(_form));
  const locale = await getLocale();
  const t = await getTranslations({ locale, namespace: "OrderActions" });
  const user = await getCurrentUser();
  const order = await findViewableOrder(
    (r) =>
      db.order.findUnique({
        where: { ref: r },
        select: { id: true, ref: true, userId: true, placedAsGuest: true, status: true, upstreamMode: true },
      }),
    ref,
    user?.id,
  );
  if (!order) return { error: t("notFound") };
  if (order.status !== "awaiting_payment") return redirectInLanguage(`/orders/${order.ref}`);
  let redirectUrl: string;
  try {
    redirectUrl = await beginPayment(db, order);
  } catch (error) {
    if (error instanceof PaymentError) return { error: paymentErrorText(error, locale) };
    logger.warn({ err: error, orderId: order.id }, "could not start a checkout from the order page");
    return { error: t("couldNotOpen") };
  }
  return redirectInLanguage(redirectUrl);
}
