"use server";

import type { GiftcardPayState } from "@/components/shop/giftcards/pay-form";
import { getCurrentUser } from "@/lib/auth/guards";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { checkoutInShop } from "@/lib/payments/shop-checkout";
import { EMAIL_MISSING, GIFTCARD_START_AGAIN, readGiftcardPayForm } from "@/lib/products/giftcard/pay-input";
import { giftcardSale } from "@/lib/products/giftcard/sale";

// "Pay" on the gift card review: the form is read (lib/products/giftcard/pay-input.ts), and the
// checkout (lib/payments/shop-checkout.ts) checks the brand and denomination against the catalog
// again, prices them and compares with what the buyer saw (lib/products/giftcard/sale.ts). One
// submission makes one order: a double click, a resent form or the review in two tabs of this
// browser reach one order; no other browser is ever handed it.

export async function payForGiftcardAction(_state: GiftcardPayState, form: FormData): Promise<GiftcardPayState> {
  expectActionInput(isForm(form));
  const kept = { email: String(form.get("email") ?? "").trim() };
  const input = readGiftcardPayForm(form);
  if (!input.ok) return { emailError: input.emailError, error: input.error, ...kept };
  const user = await getCurrentUser();
  const email = input.value.email ?? user?.email;
  if (!email) return { emailError: EMAIL_MISSING, ...kept };

  const { country, brand, denomination, expectedTotalMinor } = input.value;
  const failure = await checkoutInShop({
    productType: "giftcard",
    choice: { country, brand, denomination },
    customerEmail: email,
    userId: user?.id ?? null,
    expectedTotalMinor,
    price: giftcardSale({ country, brand, denomination }, { brandGone: GIFTCARD_START_AGAIN, valueGone: GIFTCARD_START_AGAIN }),
    startAgain: GIFTCARD_START_AGAIN,
    what: "gift card order",
  });
  return { error: failure.error, priceChanged: failure.priceChanged, ...kept };
}
