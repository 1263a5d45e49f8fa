"use client";

import { ReviewPayForm, type ReviewPayState } from "@/components/shop/checkout/review-pay-form";

export type EsimPayState = ReviewPayState & { confirmError?: string; confirmed?: boolean };

export type EsimPayFields = { destination: string; plan: string; expectedTotalMinor: number };

/**
 * The review's form: "I will use it in …" (the destination, confirmed once more), the buyer's
 * email, and "Pay". Every submit of this review from this browser makes the same one order.
 */
export function EsimPayForm({
  action,
  fields,
  destinationText,
  defaultEmail,
  signedIn,
  totalText,
}: {
  action: (state: EsimPayState, form: FormData) => Promise<EsimPayState>;
  fields: EsimPayFields;
  destinationText: string;
  defaultEmail?: string;
  signedIn: boolean;
  totalText: string;
}) {
  const hint = signedIn
    ? "Your account's email; change it if the receipt should go elsewhere. The QR code is shown on your order page."
    : "For your receipt and the link to your order page, where the QR code appears.";
  return (
    <ReviewPayForm action={action} hidden={fields} hint={hint} defaultEmail={defaultEmail} totalText={totalText}>
      {(state) => (
        <div className="flex flex-col gap-1.5">
          <label className="flex items-start gap-3 rounded-lg border border-border px-3 py-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand">
            <input
              type="checkbox"
              name="confirmDestination"
              value="yes"
              defaultChecked={state.confirmed}
              required
              aria-invalid={state.confirmError ? true : undefined}
              aria-describedby={state.confirmError ? "confirm-destination-error" : undefined}
              className="mt-0.5 size-4 shrink-0 accent-[var(--color-brand)]"
            />
            <span>
              I will use this eSIM in <strong>{destinationText}</strong>
            </span>
          </label>
          {state.confirmError ? (
            <p id="confirm-destination-error" role="alert" className="text-xs font-medium text-danger">
              {state.confirmError}
            </p>
          ) : null}
        </div>
      )}
    </ReviewPayForm>
  );
}
