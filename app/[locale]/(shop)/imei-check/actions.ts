"use server";

import { getTranslations } from "next-intl/server";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { getCurrentUser } from "@/lib/auth/guards";
import { checkoutInShop } from "@/lib/checkout/shop";
import { readImeiCheckForm, type ImeiCheckPayState } from "@/lib/products/imeicheck/form";
import { imeiProblemOf } from "@/lib/products/imeicheck/imei-problem";
import { imeiCheckSale } from "@/lib/products/imeicheck/sale";
import { emailSchema } from "@/lib/validation/email";
import { normaliseImei } from "@/lib/validation/imei";

// "Pay" on the IMEI check page: the shop's checkout (lib/checkout/shop.ts) with the IMEI
// check's step (lib/products/imeicheck/sale.ts). The IMEI and the email are answered together,
// in the buyer's language (next-intl's request header, set by proxy.ts).

export async function payForImeiCheckAction(_state: ImeiCheckPayState, form: FormData): Promise<ImeiCheckPayState> {
  expectActionInput(isForm(form));
  const t = await getTranslations("ImeiCheck");
  const imeiWords = await getTranslations("ImeiCheckForm");
  const startAgain = t("startAgain");
  const typedEmail = String(form.get("email") ?? "").trim();
  const sent = readImeiCheckForm(form);
  if (!sent) return { error: startAgain, email: typedEmail };
  const user = await getCurrentUser();

  const imei = normaliseImei(sent.imei);
  const problem = imeiProblemOf(imei);
  const imeiError = problem
    ? imeiWords(`problem.${problem.key}`, { count: problem.key === "length" ? problem.count : 0 })
    : undefined;
  const email = typedEmail ? emailSchema.safeParse(typedEmail) : null;
  const emailError =
    email && !email.success ? t("emailInvalid") : !email && !user?.email ? t("emailMissing") : undefined;
  if (imeiError || emailError) return { imeiError, emailError, email: typedEmail };

  const failed = await checkoutInShop({
    productType: "imeicheck",
    choice: { imei },
    customerEmail: email?.success ? email.data : user!.email,
    userId: user?.id ?? null,
    expectedTotalMinor: sent.expectedTotalMinor,
    expectedCurrency: sent.expectedCurrency,
    price: imeiCheckSale({ imei }),
    startAgain,
    what: "IMEI check order",
  });
  return { error: failed.error, priceChanged: failed.priceChanged, email: typedEmail };
}
