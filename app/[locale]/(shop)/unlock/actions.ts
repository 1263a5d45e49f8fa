"use server";

import { getTranslations } from "next-intl/server";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { getCurrentUser } from "@/lib/auth/guards";
import { productAvailability } from "@/lib/products/availability";
import { checkoutInShop } from "@/lib/checkout/shop";
import { unlockCatalogFailureOf } from "@/lib/products/unlock/catalog-failure";
import { readUnlockForm, type UnlockPayState } from "@/lib/products/unlock/form";
import { imeiRuleWords } from "@/lib/products/unlock/imei-words";
import { checkUnlockChoice, unlockSale, type UnlockSaleMessages } from "@/lib/products/unlock/sale";
import { emailSchema } from "@/lib/validation/email";

// "Pay" on the unlock order form: the shop's checkout (lib/checkout/shop.ts) with the
// unlock's step (lib/products/unlock/sale.ts). The form shows every problem at once: the
// checklist, the IMEI and each suffix the service needs, and the email. Its messages are in the
// buyer's language (next-intl reads it from the request, as proxy.ts set it).

export async function payForUnlockAction(_state: UnlockPayState, form: FormData): Promise<UnlockPayState> {
  expectActionInput(isForm(form));
  const t = await getTranslations("Unlock");
  const startAgain = t("startAgain");
  // The catalog's own "could not load" is worded here; a supplier's message is shown as it came.
  const worded = (error: string) => {
    const failure = unlockCatalogFailureOf(error);
    return failure ? t(`loadFailed.${failure}`) : error;
  };
  const typedEmail = String(form.get("email") ?? "").trim();
  const sent = readUnlockForm(form);
  if (!sent) return { error: startAgain, email: typedEmail };
  const user = await getCurrentUser();
  // Before the choice is checked against the catalog (a read upstream): the checkout refuses it too.
  if (!(await productAvailability("unlock")).available)
    return { error: (await getTranslations("CheckoutErrors"))("productUnavailable"), email: typedEmail };

  const messages: UnlockSaleMessages = {
    serviceGone: t("serviceGone"),
    ...imeiRuleWords(await getTranslations("UnlockImei")),
  };
  const checked = await checkUnlockChoice(sent.choice, messages);
  if (!checked.ok) return { error: worded(checked.error), email: typedEmail };
  const fieldErrors = { ...(sent.checklistTicked ? {} : { checklist: t("checklistUnticked") }), ...checked.problems };
  const email = typedEmail ? emailSchema.safeParse(typedEmail) : null;
  const emailError =
    email && !email.success ? t("emailInvalid") : !email && !user?.email ? t("emailMissing") : undefined;
  if (Object.keys(fieldErrors).length > 0 || emailError) return { fieldErrors, emailError, email: typedEmail };

  const choice = { ...sent.choice, imei: checked.imei, suffixes: checked.suffixes };
  const failed = await checkoutInShop({
    productType: "unlock",
    choice,
    customerEmail: email?.success ? email.data : user!.email,
    userId: user?.id ?? null,
    expectedTotalMinor: sent.expectedTotalMinor,
    expectedCurrency: sent.expectedCurrency,
    price: unlockSale(choice, messages),
    startAgain,
    what: "unlock order",
  });
  return { error: worded(failed.error), priceChanged: failed.priceChanged, email: typedEmail };
}
