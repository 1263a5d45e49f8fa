"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { getCurrentUser } from "@/lib/auth/guards";
import { checkoutInShop } from "@/lib/payments/shop-checkout";
import { readImeiCheckForm, type ImeiCheckPayState } from "@/lib/products/imeicheck/form";
import { imeiCheckSale } from "@/lib/products/imeicheck/sale";
import { emailSchema } from "@/lib/validation/email";
import { imeiProblem, normaliseImei } from "@/lib/validation/imei";

// "Pay" on the IMEI check page: the shop's checkout (lib/payments/shop-checkout.ts) with the IMEI
// check's step (lib/products/imeicheck/sale.ts). The IMEI and the email are answered together.

const START_AGAIN = "This page is out of date. Please reload it and try again.";

export async function payForImeiCheckAction(_state: ImeiCheckPayState, form: FormData): Promise<ImeiCheckPayState> {
  expectActionInput(isForm(form));
  const typedEmail = String(form.get("email") ?? "").trim();
  const sent = readImeiCheckForm(form);
  if (!sent) return { error: START_AGAIN, email: typedEmail };
  const user = await getCurrentUser();

  const imei = normaliseImei(sent.imei);
  const imeiError = imeiProblem(imei) ?? undefined;
  const email = typedEmail ? emailSchema.safeParse(typedEmail) : null;
  const emailError = email && !email.success ? "Enter a valid email address, like name@example.com." : !email && !user?.email ? "Enter your email address: we send the receipt and your order link there." : undefined;
  if (imeiError || emailError) return { imeiError, emailError, email: typedEmail };

  const failed = await checkoutInShop({
    productType: "imeicheck",
    choice: { imei },
    customerEmail: email?.success ? email.data : user!.email,
    userId: user?.id ?? null,
    expectedTotalMinor: sent.expectedTotalMinor,
    price: imeiCheckSale({ imei }),
    startAgain: START_AGAIN,
    what: "IMEI check order",
  });
  return { error: failed.error, priceChanged: failed.priceChanged, email: typedEmail };
}
