"use server";

import { getLocale, getTranslations } from "next-intl/server";
import { supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import type { EsimPayState } from "@/components/shop/esim/pay-form";
import { getCurrentUser } from "@/lib/auth/guards";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { checkoutInShop } from "@/lib/checkout/shop";
import { readEsimPayForm } from "@/lib/products/esim/pay-input";
import { esimSale } from "@/lib/products/esim/sale";

// "Pay" on the eSIM review: the form is read (lib/products/esim/pay-input.ts), the buyer must
// have ticked the destination confirmation, and the checkout (lib/checkout/shop.ts)
// checks the plan against the catalog again, prices it and compares with what the buyer saw
// (lib/products/esim/sale.ts). One submission makes one order, handed back only to the browser
// that made it. Its messages are in the buyer's language (the request's, set by proxy.ts).

export async function payForEsimAction(_state: EsimPayState, form: FormData): Promise<EsimPayState> {
  expectActionInput(isForm(form));
  const t = await getTranslations("EsimReview");
  const startAgain = t("startAgain");
  const kept = { email: String(form.get("email") ?? "").trim(), confirmed: form.get("confirmDestination") === "yes" };
  const input = readEsimPayForm(form);
  if (!input.ok)
    return input.problem === "email" ? { emailError: t("emailInvalid"), ...kept } : { error: startAgain, ...kept };
  if (!input.value.confirmed) return { confirmError: t("confirmDestination"), ...kept };
  const user = await getCurrentUser();
  const email = input.value.email ?? user?.email;
  if (!email) return { emailError: t("emailMissing"), ...kept };

  const { destination, plan, expectedTotalMinor, expectedCurrency } = input.value;
  // The plan as the buyer saw it, named in their language (the order keeps its detail).
  const locale = await getLocale();
  const failure = await checkoutInShop({
    productType: "esim",
    choice: { destination, plan },
    customerEmail: email,
    userId: user?.id ?? null,
    expectedTotalMinor,
    expectedCurrency,
    price: esimSale(
      { country: destination, plan },
      { notOffered: startAgain, unavailable: t("unavailable") },
      supportedLocale(locale),
    ),
    startAgain,
    what: "eSIM order",
  });
  return { error: failure.error, priceChanged: failure.priceChanged, ...kept };
}
