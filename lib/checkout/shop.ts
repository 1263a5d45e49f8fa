import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import type { DbClient } from "@/lib/db/create-client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { env } from "@/lib/env";
import { DEFAULT_CURRENCY } from "@/lib/i18n/currency-routing.mjs";
import { requestCurrency } from "@/lib/i18n/page-currency";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { logger } from "@/lib/log";
import { startPaymentLinkOrder } from "@/lib/orders/payment-link";
import { type Claimant, mayResume, type ResumableOrder } from "@/lib/orders/submitter";
import { submissionOf } from "@/lib/orders/submitter-action";
import { startCheckout } from "@/lib/payments";
import { PaymentError } from "@/lib/payments/types";
import { requestVisitor } from "@/lib/security/request-visitor";
import { checkout, type CheckoutFailure, type PriceSale } from "./checkout";

// The storefront's channel of the checkout (./checkout.ts): the submission is this browser's (its
// submitter cookie and the review: lib/orders/submitter.ts), commerce products follow the shop's
// COMMERCE_CHECKOUT_MODE, previews spend the visitor's limit, and a made order goes on to where
// it is paid (a redirect). What comes back is always a failure to show on the form.

export type ShopCheckoutRequest = {
  productType: ProductType;
  /** What identifies the review: the product's choice as the form sent it (validated). */
  choice: Record<string, unknown>;
  customerEmail: string;
  userId: string | null;
  expectedTotalMinor: number;
  /** The currency of that total, as the form showed it. */
  expectedCurrency?: string;
  price: PriceSale;
  /** The product's "this review is out of date" message. */
  startAgain: string;
  /** Names the checkout in the log ("gift card order"). */
  what: string;
};

export async function checkoutInShop(request: ShopCheckoutRequest): Promise<CheckoutFailure> {
  const { productType, choice, customerEmail, userId, expectedTotalMinor, startAgain } = request;
  // The buyer's language: the order keeps it, and the checkout's own refusals are in it.
  const locale = await getLocale();
  const t = await getTranslations({ locale, namespace: "CheckoutErrors" });
  // The buyer's currency: the upstream's payment link takes only its own (euros).
  const mode = env.COMMERCE_CHECKOUT_MODE;
  const currency = mode === "payment_link" ? DEFAULT_CURRENCY : await requestCurrency();
  const submission = await submissionOf(db, {
    productType,
    userId,
    email: customerEmail,
    totalMinor: expectedTotalMinor,
    choice: { ...choice, currency },
  });
  const result = await checkout(db, {
    productType,
    submission,
    customerEmail,
    userId,
    expectedTotalMinor,
    expectedCurrency: request.expectedCurrency,
    price: request.price,
    context: { mode, visitor: await requestVisitor(), currency },
    messages: {
      startAgain,
      priceChanged: t("priceChanged"),
      failed: t("orderNotCreated"),
      unavailable: t("productUnavailable"),
      what: request.what,
    },
    locale,
  });
  if (!result.ok) return result;
  const refused = await continueToPayment(result.order, submission.claimant, startAgain);
  return { ok: false, error: refused.error };
}

/**
 * Where the buyer goes to pay an order: the shop's own checkout (credits mode), or the
 * supplier's hosted checkout (COMMERCE_CHECKOUT_MODE=payment_link, chosen when the order was
 * created). Both are safe to call again: they hand back the same checkout.
 */
export async function beginPayment(db: DbClient, order: { id: string; upstreamMode: string }): Promise<string> {
  if (order.upstreamMode === "payment_link") return (await startPaymentLinkOrder(db, order.id)).paymentLink;
  return (await startCheckout(db, order.id)).redirectUrl;
}

/**
 * Sends the buyer to where the order their submission made is paid (an order that no longer
 * awaits payment, because another tab paid, comes back as its order page). Returns an error only
 * when the order is someone else's: another account's, or a guest order made in another browser
 * (lib/orders/submitter.ts `mayResume`), which is never handed over nor named.
 */
async function continueToPayment(
  order: ResumableOrder,
  claimant: Claimant,
  startAgainMessage: string,
): Promise<{ error: string }> {
  if (!mayResume(order, claimant)) return { error: startAgainMessage };
  let redirectUrl: string;
  try {
    redirectUrl = await beginPayment(db, order);
  } catch (error) {
    // The order exists: its page offers "Pay now" again.
    if (!(error instanceof PaymentError))
      logger.warn({ err: error, orderId: order.id }, "checkout could not be started");
    return redirectInLanguage(`/orders/${order.ref}`);
  }
  return redirectInLanguage(redirectUrl);
}
