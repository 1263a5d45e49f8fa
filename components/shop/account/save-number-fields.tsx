"use client";

import { useActionState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

/** What the save action answers the form: a confirmation, or the problems and what was sent. */
export type SaveNumberState = {
  message?: string;
  fieldErrors?: Partial<Record<"phone" | "label", string>>;
  values?: { phone: string; label: string };
};

/** The server action that saves a number, handed down by the page. */
export type SaveNumberAction = (state: SaveNumberState, form: FormData) => Promise<SaveNumberState>;

/** The form's words, in the page's language (./save-number-form.tsx chooses them). */
export type SaveNumberWords = {
  form: string;
  name: string;
  nameHint: string;
  number: string;
  numberHint: string;
  saving: string;
  save: string;
};

/** The form of SaveNumberForm; the action's answers come back in the buyer's language. */
export function SaveNumberFields({
  save,
  phone,
  idPrefix,
  words,
}: {
  save: SaveNumberAction;
  phone?: string;
  idPrefix: string;
  words: SaveNumberWords;
}) {
  const [state, action] = useActionState<SaveNumberState, FormData>(save, {});
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
    <form action={action} className="flex flex-col gap-3" aria-label={words.form} noValidate>
      {phone ? <input type="hidden" name="phone" value={phone} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={labelId} label={words.name} hint={words.nameHint} error={errors.label}>
          <Input
            {...fieldAria(labelId, { hint: words.nameHint, error: errors.label })}
            name="label"
            maxLength={40}
            defaultValue={state.values?.label}
            required
          />
        </Field>
        {phone ? null : (
          <Field id={phoneId} label={words.number} hint={words.numberHint} error={errors.phone}>
            <Input
              {...fieldAria(phoneId, { hint: words.numberHint, error: errors.phone })}
              name="phone"
              type="tel"
              autoComplete="tel"
              defaultValue={state.values?.phone}
              required
            />
          </Field>
        )}
      </div>
      {phone && errors.phone ? (
        <p role="alert" className="text-sm text-danger">
          {errors.phone}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <SubmitButton variant="secondary" pendingText={words.saving}>
          {words.save}
        </SubmitButton>
        <p role="status" className="text-sm text-ok">
          {state.message ?? ""}
        </p>
      </div>
    </form>
  );
}
