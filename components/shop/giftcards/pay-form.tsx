"use client";

import { ReviewPayForm, type ReviewPayState } from "@/components/shop/checkout/review-pay-form";

export type GiftcardPayState = ReviewPayState;

export type GiftcardPayFields = {
  country: string;
  brand: string;
  denomination: string;
  expectedTotalMinor: number;
  expectedCurrency: string;
};

/**
 * The review's form: the buyer's email and "Pay". The server turns every submit of this review
 * from this browser into the same one order (lib/orders/submitter.ts). The email's hint comes
 * worded from the server (./review-step.tsx), so this page carries no message catalog.
 */
export function GiftcardPayForm({
  action,
  fields,
  defaultEmail,
  hint,
  totalText,
}: {
  action: (state: GiftcardPayState, form: FormData) => Promise<GiftcardPayState>;
  fields: GiftcardPayFields;
  defaultEmail?: string;
  hint: string;
  totalText: string;
}) {
  return (
    <ReviewPayForm action={action} hidden={fields} hint={hint} defaultEmail={defaultEmail} totalText={totalText} />
  );
}
