"use server";

import { getCurrentUser } from "@/lib/auth/guards";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { checkoutInShop } from "@/lib/payments/shop-checkout";
import { readPayInput, SHOP_MESSAGES, START_AGAIN, type PayState } from "@/lib/products/topup/pay-input";
import { topupSale } from "@/lib/products/topup/sale";

// "Pay" on the review step. Nothing from the browser is trusted: the form is checked again
// (lib/products/topup/pay-input.ts), and the choice again against the live catalog and priced
// on the server (lib/products/topup/sale.ts). One submission makes one order: a double click, a
// resent form or the same review in two tabs of this browser all reach the same order and its
// checkout; no other browser is ever handed it (lib/payments/shop-checkout.ts).

export async function payForTopupAction(_state: PayState, form: FormData): Promise<PayState> {
  expectActionInput(isForm(form));
  const read = readPayInput(form);
  if (!read.ok) return read.state;
  const { keep, choice, review, expectedTotalMinor } = read.input;

  const user = await getCurrentUser();
  const email = read.input.email ?? user?.email;
  if (!email) return { ...keep, emailError: "Enter your email address for the receipt." };

  const refused = await checkoutInShop({
    productType: "topup",
    choice: review,
    customerEmail: email,
    userId: user?.id ?? null,
    expectedTotalMinor,
    price: topupSale(choice, SHOP_MESSAGES),
    startAgain: START_AGAIN,
    what: "top-up order",
  });
  return { ...keep, error: refused.error, ...(refused.priceChanged ? { priceChanged: true } : {}) };
}
