"use client";

import { useActionState, useState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { formatMoney } from "@/lib/money";
import { RetailExample } from "./retail-example";

export type MarginFormState = { saved?: boolean; message?: string; errors?: { percent?: string; fixed?: string } };

/** One product type's margin (percent and fixed amount), with the retail price it gives as you type. */
export function MarginForm({
  productType,
  label,
  percent,
  fixedMinor,
  currency,
  action,
}: {
  productType: string;
  label: string;
  percent: number;
  fixedMinor: number;
  currency: string;
  action: (state: MarginFormState, form: FormData) => Promise<MarginFormState>;
}) {
  const [state, formAction] = useActionState(action, {});
  const [percentText, setPercentText] = useState(String(percent));
  const [fixedText, setFixedText] = useState((fixedMinor / 100).toFixed(2));
  const hints = {
    percent: "Of the upstream cost, rounded up to the cent.",
    fixed: `Added to every sale in the currency it is paid in: ${formatMoney(30, currency)} is also US$0.30.`,
  };
  const ids = { percent: `${productType}-percent`, fixed: `${productType}-fixed` };
  const errors = state.errors ?? {};
  return (
    <form action={formAction} className="grid gap-4" aria-label={`${label} margin`}>
      <input type="hidden" name="productType" value={productType} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={ids.percent} label="Margin (%)" hint={hints.percent} error={errors.percent}>
          <Input
            name="percent"
            inputMode="decimal"
            value={percentText}
            onChange={(e) => setPercentText(e.target.value)}
            {...fieldAria(ids.percent, { hint: hints.percent, error: errors.percent })}
          />
        </Field>
        <Field id={ids.fixed} label={`Fixed fee (${currency})`} hint={hints.fixed} error={errors.fixed}>
          <Input
            name="fixed"
            inputMode="decimal"
            value={fixedText}
            onChange={(e) => setFixedText(e.target.value)}
            {...fieldAria(ids.fixed, { hint: hints.fixed, error: errors.fixed })}
          />
        </Field>
      </div>
      <RetailExample productType={productType} percentText={percentText} fixedText={fixedText} currency={currency} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingText="Saving…">Save {label.toLowerCase()} margin</SubmitButton>
        <p role="status" className={state.saved ? "text-sm text-ok" : "text-sm text-danger"}>
          {state.message ?? ""}
        </p>
      </div>
    </form>
  );
}
