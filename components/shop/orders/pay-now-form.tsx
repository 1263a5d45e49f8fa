"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";

export type PayNowState = { error?: string };

/**
 * "Pay now" on an order that still awaits payment, or "Buy the full report" of an IMEI check:
 * starts a checkout and goes there. `hidden` fields go with it (the total the buyer was shown).
 * The words come translated from the order page.
 */
export function PayNowForm({
  action,
  label,
  pendingText,
  hidden = {},
  wide = true,
}: {
  action: (state: PayNowState, form: FormData) => Promise<PayNowState>;
  label: string;
  pendingText: string;
  hidden?: Record<string, string>;
  wide?: boolean;
}) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} className="flex flex-col gap-2">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      <SubmitButton pendingText={pendingText} className={wide ? "w-full" : "self-start"}>
        {label}
      </SubmitButton>
    </form>
  );
}
