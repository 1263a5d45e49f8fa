"use client";

import type { ReactNode } from "react";
import { ReviewPayForm, type ReviewPayState } from "@/components/shop/checkout/review-pay-form";

export type EsimPayState = ReviewPayState & { confirmError?: string; confirmed?: boolean };

export type EsimPayFields = { destination: string; plan: string; expectedTotalMinor: number; expectedCurrency: string };

/**
 * The review's form: "I will use it in …" (the destination, confirmed once more), the buyer's
 * email, and "Pay". Every submit of this review from this browser makes the same one order.
 * Its words come translated from the review (./review-step.tsx), so the page sends no messages.
 */
export function EsimPayForm({
  action,
  fields,
  confirmLabel,
  hint,
  defaultEmail,
  totalText,
}: {
  action: (state: EsimPayState, form: FormData) => Promise<EsimPayState>;
  fields: EsimPayFields;
  /** "I will use this eSIM in <strong>Europe (EU)</strong>". */
  confirmLabel: ReactNode;
  /** The email field's hint (signed in, or a guest). */
  hint: string;
  defaultEmail?: string;
  totalText: string;
}) {
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
            <span>{confirmLabel}</span>
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
