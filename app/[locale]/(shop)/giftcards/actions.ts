"use server";

import { getTranslations } from "next-intl/server";
import type { GiftcardPayState } from "@/components/shop/giftcards/pay-form";
import { getCurrentUser } from "@/lib/auth/guards";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { checkoutInShop } from "@/lib/checkout/shop";
import { giftcardCatalogFailureOf } from "@/lib/products/giftcard/catalog-failure";
import { readGiftcardPayForm } from "@/lib/products/giftcard/pay-input";
import { giftcardSale } from "@/lib/products/giftcard/sale";

// "Pay" on the gift card review: the form is read (lib/products/giftcard/pay-input.ts), and the
// checkout (lib/checkout/shop.ts) checks the brand and denomination against the catalog
// again, prices them and compares with what the buyer saw (lib/products/giftcard/sale.ts). One
// submission makes one order: a double click, a resent form or the review in two tabs of this
// browser reach one order; no other browser is ever handed it. Messages are in the buyer's
// language (next-intl's request header, set by proxy.ts).

export async function payForGiftcardAction(_state: GiftcardPayState, form: FormData): Promise<GiftcardPayState> {
  expectActionInput(isForm(form));
  const t = await getTranslations("GiftcardBuy");
  const kept = { email: String(form.get("email") ?? "").trim() };
  const input = readGiftcardPayForm(form);
  if (!input.ok)
    return input.problem === "email" ? { emailError: t("emailInvalid"), ...kept } : { error: t("startAgain"), ...kept };
  const user = await getCurrentUser();
  const email = input.value.email ?? user?.email;
  if (!email) return { emailError: t("emailMissing"), ...kept };

  const { country, brand, denomination, expectedTotalMinor, expectedCurrency } = input.value;
  const startAgain = t("startAgain");
  const failure = await checkoutInShop({
    productType: "giftcard",
    choice: { country, brand, denomination },
    customerEmail: email,
    userId: user?.id ?? null,
    expectedTotalMinor,
    expectedCurrency,
    price: giftcardSale({ country, brand, denomination }, { brandGone: startAgain, valueGone: startAgain }),
    startAgain,
    what: "gift card order",
  });
  return { error: await catalogFailureText(failure.error), priceChanged: failure.priceChanged, ...kept };
}

/** The catalog's own failure (a read at pay time) in the buyer's language; any other message as it comes. */
async function catalogFailureText(message: string): Promise<string> {
  const known = giftcardCatalogFailureOf(message);
  if (!known) return message;
  const t = await getTranslations("Giftcard");
  return t(`failed.${known}`);
}
