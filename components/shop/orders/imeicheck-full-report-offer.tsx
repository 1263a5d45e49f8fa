"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";

export type FullReportOfferState = { error?: string };

/**
 * "Buy the full report" for a device whose blacklist report is sold separately: a new order at
 * the shop's price (`priceText` and `totalMinor` come from the server), paid on the payment page.
 */
export function FullReportOffer({
  action,
  priceText,
  totalMinor,
}: {
  action: (state: FullReportOfferState, form: FormData) => Promise<FullReportOfferState>;
  priceText: string;
  totalMinor: number;
}) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} className="mt-3 flex flex-col gap-2" data-testid="imeicheck-full-report-offer">
      <input type="hidden" name="expectedTotalMinor" value={totalMinor} />
      {state.error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      <div>
        <SubmitButton pendingText="Opening the payment page…">Buy the full report: {priceText}</SubmitButton>
      </div>
    </form>
  );
}
