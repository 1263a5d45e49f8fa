"use server";

import { getLocale, getTranslations } from "next-intl/server";
import { supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import { getCurrentUser } from "@/lib/auth/guards";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { checkoutInShop } from "@/lib/checkout/shop";
import { readPayInput, type PayProblems, type PayState } from "@/lib/products/topup/pay-input";
import { SMS_TEXT_MAX } from "@/lib/products/topup/rules";
import { topupSale } from "@/lib/products/topup/sale";

// "Pay" on the review step. Nothing from the browser is trusted: the form is checked again
// (lib/products/topup/pay-input.ts), and the choice again against the live catalog and priced
// on the server (lib/products/topup/sale.ts). One submission makes one order: a double click, a
// resent form or the same review in two tabs of this browser all reach the same order and its
// checkout; no other browser is ever handed it (lib/checkout/shop.ts). Refusals are
// worded in the buyer's language (the request's, which proxy.ts passes to next-intl).

export async function payForTopupAction(_state: PayState, form: FormData): Promise<PayState> {
  expectActionInput(isForm(form));
  const [t, pay, locale] = await Promise.all([getTranslations("Topup"), getTranslations("TopupPay"), getLocale()]);
  const read = readPayInput(form);
  if (!read.ok) return { ...read.keep, ...wordProblems(read.problems, t, pay) };
  const { keep, choice, review, expectedTotalMinor, expectedCurrency } = read.input;

  const user = await getCurrentUser();
  const email = read.input.email ?? user?.email;
  if (!email) return { ...keep, emailError: t("emailMissing") };

  const startAgain = t("startAgain");
  const refused = await checkoutInShop({
    productType: "topup",
    choice: review,
    customerEmail: email,
    userId: user?.id ?? null,
    expectedTotalMinor,
    expectedCurrency,
    price: topupSale(
      choice,
      {
        rateGone: startAgain,
        otherCountry: (country) => t("otherCountry", { country }),
        lookupFailed: t("lookupFailed"),
      },
      supportedLocale(locale),
    ),
    startAgain,
    what: "top-up order",
  });
  return { ...keep, error: refused.error, ...(refused.priceChanged ? { priceChanged: true } : {}) };
}

type TopupT = Awaited<ReturnType<typeof getTranslations<"Topup">>>;
type PayT = Awaited<ReturnType<typeof getTranslations<"TopupPay">>>;

/** The form's refusal codes (lib/products/topup/pay-input.ts) in words, field by field. */
function wordProblems(problems: PayProblems, t: TopupT, pay: PayT): PayState {
  return {
    ...(problems.startAgain ? { error: t("startAgain") } : {}),
    ...(problems.email ? { emailError: t("emailInvalid") } : {}),
    ...(problems.confirm ? { confirmError: pay(`confirm.${problems.confirm}`) } : {}),
    ...(problems.smsTooLong ? { smsTextError: t("smsTooLong", { max: SMS_TEXT_MAX }) } : {}),
  };
}
