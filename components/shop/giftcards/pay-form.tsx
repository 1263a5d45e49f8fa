"use client";

import { useRouter } from "next/navigation";
import { EmailAndPay } from "@/components/shop/checkout/email-and-pay";
import { useActionState, useEffect } from "react";

export type GiftcardPayState = { error?: string; emailError?: string; email?: string; priceChanged?: boolean };

export type GiftcardPayFields = { country: string; brand: string; denomination: string; submissionId: string; expectedTotalMinor: number };

/**
 * The review's form: the buyer's email and "Pay". The hidden submission id was made when the
 * review was first shown; the server turns every submit carrying it into the same one order.
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
  const [state, formAction] = useActionState(action, {});
  const router = useRouter();
  // The server found a different price than this page shows: show the new one.
  useEffect(() => {
    if (state.priceChanged) router.refresh();
  }, [state, router]);

  const hint = signedIn
    ? "Your account's email; change it if the receipt should go elsewhere. The code is shown on your order page."
    : "For your receipt and the link to your order page, where the code appears.";
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="country" value={fields.country} />
      <input type="hidden" name="brand" value={fields.brand} />
      <input type="hidden" name="denomination" value={fields.denomination} />
      <input type="hidden" name="submissionId" value={fields.submissionId} />
      <input type="hidden" name="expectedTotalMinor" value={fields.expectedTotalMinor} />
      {state.error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      <EmailAndPay hint={hint} error={state.emailError} defaultEmail={state.email ?? defaultEmail} totalText={totalText} />
    </form>
  );
}
