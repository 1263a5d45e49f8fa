"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";

export type PayNowState = { error?: string };

/** "Pay now" on an order that still awaits payment: starts a checkout and goes there. */
export function PayNowForm({ action, label = "Pay now" }: { action: (state: PayNowState, form: FormData) => Promise<PayNowState>; label?: string }) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} className="flex flex-col gap-2">
      {state.error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      <SubmitButton pendingText="Opening the payment page…" className="w-full">
        {label}
      </SubmitButton>
    </form>
  );
}
