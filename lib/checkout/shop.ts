import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { requestVisitor } from "@/lib/security/request-visitor";
import { getLocale, getTranslations } from "next-intl/server";
import { checkout, type CheckoutFailure, type PriceSale } from "@/lib/orders/checkout";
import { continueToPayment } from "./continue-to-payment";
import { submissionOf } from "@/lib/orders/submitter-action";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { DEFAULT_CURRENCY } from "@/lib/i18n/currency-routing.mjs";
import { requestCurrency } from "@/lib/i18n/page-currency";

// The storefront's channel of the checkout (lib/orders/checkout.ts): the submission is this browser's
// (its submitter cookie and the review: lib/orders/submitter.ts), commerce products follow the shop's
// COMMERCE_CHECKOUT_MODE, previews spend the visitor's limit, and a made order goes on to its
// checkout page (a redirect). What comes back is always a failure to show on the form.

export type ShopCheckoutRequest = {
  productType: ProductType;
  /** What identifies the review: the product's choice as the form sent it (validated). */
  choice: Record<string, unknown>;
  customerEmail: string;
  userId: string | null;
  expectedTotalMinor: number;
  /** The currency of that total, as the form showed it ([16]). */
  expectedCurrency?: string;
  price: PriceSale;
  /** The product's "this review is out of date" message. */
  startAgain: string;
  /** Names the checkout in the log ("gift card order"). */
  what: string;
};

export async function checkoutInShop(request: ShopCheckoutRequest): Promise<CheckoutFailure> {
  const { productType, choice, customerEmail, userId, expectedTotalMinor, startAgain } = request;
  // The buyer's language ([16]): the order keeps it, and the checkout's own refusals are in it.
  const locale = await getLocale();
  const t = await getTranslations({ locale, namespace: "CheckoutErrors" });
  // The buyer's currency ([16]): the upstream's payment link takes only its own (euros).
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
