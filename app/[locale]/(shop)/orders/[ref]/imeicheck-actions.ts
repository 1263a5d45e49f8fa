"use server";

import { getTranslations } from "next-intl/server";
import { expectActionInput, isForm, isText } from "@/lib/http/action-input";
import type { PayNowState } from "@/components/shop/orders/pay-now-form";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { findViewableOrder } from "@/lib/orders/access";
import { openFulfillment } from "@/lib/orders/sealed-fulfillment";
import { checkoutInShop } from "@/lib/checkout/shop";
import { fullReportOfferFor } from "@/lib/products/imeicheck/full-report-offer";
import { imeiCheckSale } from "@/lib/products/imeicheck/sale";

/**
 * "Buy the full report" on the order page of a check whose device's report is sold separately:
 * a new order for the full report, for whoever may see this order (its account, or the holder of
 * a guest order's link), to the same email, through the shop's checkout (redirects to payment).
 */
export async function buyFullReportAction(ref: string, _state: PayNowState, form: FormData): Promise<PayNowState> {
  expectActionInput(isText(ref, 200) && isForm(form));
  const t = await getTranslations("DeliveryImeiCheck");
  const startAgain = t("startAgain");
  const user = await getCurrentUser();
  const order = await findViewableOrder((r) => db.order.findUnique({ where: { ref: r } }), ref, user?.id);
  const offer = order ? fullReportOfferFor(order, openFulfillment(order.fulfillment)) : null;
  const expectedTotalMinor = Number(form.get("expectedTotalMinor"));
  if (!order || !offer || !Number.isSafeInteger(expectedTotalMinor)) return { error: startAgain };

  const failed = await checkoutInShop({
    productType: "imeicheck",
    choice: { imei: offer.imei, fullReport: true },
    customerEmail: order.customerEmail,
    userId: order.userId,
    expectedTotalMinor,
    price: imeiCheckSale({ imei: offer.imei, fullReport: true }),
    startAgain,
    what: "full IMEI report order",
  });
  return { error: failed.error };
}
