"use client";

import { ReviewPayForm, type ReviewPayState } from "@/components/shop/checkout/review-pay-form";

export type GiftcardPayState = ReviewPayState;

export type GiftcardPayFields = { country: string; brand: string; denomination: string; expectedTotalMinor: number };

/**
 * The review's form: the buyer's email and "Pay". The server turns every submit of this review
 * from this browser into the same one order (lib/orders/submitter.ts).
 */
export function GiftcardPayForm({
  action,
  fields,
  defaultEmail,
  signedIn,
  totalText,
}: {
  action: (state: GiftcardPayState, form: FormData) => Promise<GiftcardPayState>;
  fields: GiftcardPayFields;
  defaultEmail?: string;
  signedIn: boolean;
  totalText: string;
}) {
  const hint = signedIn
    ? "Your account's email; change it if the receipt should go elsewhere. The code is shown on your order page."
    : "For your receipt and the link to your order page, where the code appears.";
  return <ReviewPayForm action={action} hidden={fields} hint={hint} defaultEmail={defaultEmail} totalText={totalText} />;
}
