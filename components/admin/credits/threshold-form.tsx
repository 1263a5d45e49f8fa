"use client";

import { useActionState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

const HINT = "Empty: no warning.";

export type ThresholdFormState = { message?: string; error?: string };

/** The low-balance threshold in EUR; empty switches the warning off. */
export function ThresholdForm({
  action,
  currentMinor,
}: {
  action: (state: ThresholdFormState, form: FormData) => Promise<ThresholdFormState>;
  currentMinor: number | null;
}) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} className="flex flex-wrap items-start gap-3" aria-label="Low-balance warning">
      <div className="w-56">
        <Field id="threshold" label="Warn below (EUR)" hint={HINT} error={state.error}>
          <Input
            name="threshold"
            inputMode="decimal"
            defaultValue={currentMinor === null ? "" : (currentMinor / 100).toFixed(2)}
            {...fieldAria("threshold", { hint: HINT, error: state.error })}
          />
        </Field>
      </div>
      <div className="flex items-center gap-3 pt-6">
        <SubmitButton pendingText="Saving…">Save threshold</SubmitButton>
        <p role="status" className="text-sm text-ok">
          {state.message ?? ""}
        </p>
      </div>
    </form>
  );
}
