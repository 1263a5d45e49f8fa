"use client";

import { useActionState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

export type UsdRateFormState = { saved?: boolean; message?: string; errors?: { rate?: string; date?: string } };

/** The EUR→USD rate for unlocks and IMEI checks (the upstream quotes them in euros only), and its date. */
export function UsdRateForm({
  rate,
  date,
  action,
}: {
  rate: string;
  date: string;
  action: (state: UsdRateFormState, form: FormData) => Promise<UsdRateFormState>;
}) {
  const [state, formAction] = useActionState(action, {});
  const errors = state.errors ?? {};
  const hints = {
    rate: "US dollars per euro, up to 6 decimals. Rounded up to the cent on every price.",
    date: "The day you took the rate: buyers see it beside converted prices.",
  };
  return (
    <form action={formAction} className="grid gap-4" aria-label="EUR to USD rate">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="usd-rate" label="US$ per €1" hint={hints.rate} error={errors.rate}>
          <Input
            name="rate"
            inputMode="decimal"
            defaultValue={rate}
            {...fieldAria("usd-rate", { hint: hints.rate, error: errors.rate })}
          />
        </Field>
        <Field id="usd-rate-date" label="Rate date" hint={hints.date} error={errors.date}>
          <Input
            name="date"
            type="date"
            defaultValue={date}
            {...fieldAria("usd-rate-date", { hint: hints.date, error: errors.date })}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingText="Saving…">Save rate</SubmitButton>
        <p role="status" className={state.saved ? "text-sm text-ok" : "text-sm text-danger"}>
          {state.message ?? ""}
        </p>
      </div>
    </form>
  );
}
