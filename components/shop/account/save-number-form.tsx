"use client";

import { useActionState } from "react";
import { saveNumberAction, type SaveNumberState } from "@/app/[locale]/(shop)/account/saved-numbers-actions";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

/**
 * Saves a top-up number with a label. With `phone` (the order page, after a top-up) only the
 * label is asked; without it (the account page) both.
 */
export function SaveNumberForm({ phone, formattedPhone, idPrefix = "saved" }: { phone?: string; formattedPhone?: string; idPrefix?: string }) {
  const [state, action] = useActionState<SaveNumberState, FormData>(saveNumberAction, {});
  const errors = state.fieldErrors ?? {};
  const labelId = `${idPrefix}-label`;
  const phoneId = `${idPrefix}-phone`;
  if (state.message && phone) {
    return (
      <p role="status" className="text-sm text-ok">
        {state.message}
      </p>
    );
  }
  return (
    <form action={action} className="flex flex-col gap-3" aria-label={phone ? `Save ${formattedPhone ?? phone}` : "Save a number"} noValidate>
      {phone ? <input type="hidden" name="phone" value={phone} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={labelId} label={phone ? `Name for ${formattedPhone ?? phone}` : "Name"} hint="Like “Mum” or “Work phone”." error={errors.label}>
          <Input {...fieldAria(labelId, { hint: "Like “Mum” or “Work phone”.", error: errors.label })} name="label" maxLength={40} defaultValue={state.values?.label} required />
        </Field>
        {phone ? null : (
          <Field id={phoneId} label="Number" hint="With the country code, like +44 7400 123456." error={errors.phone}>
            <Input {...fieldAria(phoneId, { hint: "With the country code, like +44 7400 123456.", error: errors.phone })} name="phone" type="tel" autoComplete="tel" defaultValue={state.values?.phone} required />
          </Field>
        )}
      </div>
      {phone && errors.phone ? (
        <p role="alert" className="text-sm text-danger">
          {errors.phone}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <SubmitButton variant="secondary" pendingText="Saving…">
          Save number
        </SubmitButton>
        <p role="status" className="text-sm text-ok">
          {state.message ?? ""}
        </p>
      </div>
    </form>
  );
}
