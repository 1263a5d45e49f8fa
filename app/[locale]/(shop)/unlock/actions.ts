"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { getCurrentUser } from "@/lib/auth/guards";
import { checkoutInShop } from "@/lib/payments/shop-checkout";
import { CHECKLIST_UNTICKED, readUnlockForm, type UnlockPayState } from "@/lib/products/unlock/form";
import { checkUnlockChoice, unlockSale } from "@/lib/products/unlock/sale";
import { emailSchema } from "@/lib/validation/email";

// "Pay" on the unlock order form: the shop's checkout (lib/payments/shop-checkout.ts) with the
// unlock's step (lib/products/unlock/sale.ts). The form shows every problem at once: the
// checklist, the IMEI and each suffix the service needs, and the email.

const START_AGAIN = "This order form is out of date. Please choose the unlock service again.";
const messages = { serviceGone: START_AGAIN };

export async function payForUnlockAction(_state: UnlockPayState, form: FormData): Promise<UnlockPayState> {
  expectActionInput(isForm(form));
  const typedEmail = String(form.get("email") ?? "").trim();
  const sent = readUnlockForm(form);
  if (!sent) return { error: START_AGAIN, email: typedEmail };
  const user = await getCurrentUser();

  const checked = await checkUnlockChoice(sent.choice, messages);
  if (!checked.ok) return { error: checked.error, email: typedEmail };
  const fieldErrors = { ...(sent.checklistTicked ? {} : { checklist: CHECKLIST_UNTICKED }), ...checked.problems };
  const email = typedEmail ? emailSchema.safeParse(typedEmail) : null;
  const emailError = email && !email.success ? "Enter a valid email address, like name@example.com." : !email && !user?.email ? "Enter your email address: we send the receipt and your order link there." : undefined;
  if (Object.keys(fieldErrors).length > 0 || emailError) return { fieldErrors, emailError, email: typedEmail };

  const choice = { ...sent.choice, imei: checked.imei, suffixes: checked.suffixes };
  const failed = await checkoutInShop({
    productType: "unlock",
    choice,
    customerEmail: email?.success ? email.data : user!.email,
    userId: user?.id ?? null,
    expectedTotalMinor: sent.expectedTotalMinor,
    price: unlockSale(choice, messages),
    startAgain: START_AGAIN,
    what: "unlock order",
  });
  return { error: failed.error, priceChanged: failed.priceChanged, email: typedEmail };
}
