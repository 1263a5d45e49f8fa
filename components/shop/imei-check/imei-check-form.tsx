"use client";

import { useState } from "react";
import { ReviewPayForm } from "@/components/shop/checkout/review-pay-form";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ImeiCheckPayState } from "@/lib/products/imeicheck/form";
import { imeiProblem, normaliseImei } from "@/lib/validation/imei";

/** The IMEI (checked as typed, with the rules the server applies), the email and "Pay". */
export function ImeiCheckForm({
  action,
  expectedTotalMinor,
  totalText,
  defaultEmail,
  signedIn,
}: {
  action: (state: ImeiCheckPayState, form: FormData) => Promise<ImeiCheckPayState>;
  expectedTotalMinor: number;
  totalText: string;
  defaultEmail?: string;
  signedIn: boolean;
}) {
  return (
    <ReviewPayForm
      action={action}
      hidden={{ expectedTotalMinor }}
      hint={signedIn ? "Your account's email; change it if the receipt should go elsewhere." : "For your receipt and the link to your order page, where the report appears."}
      defaultEmail={defaultEmail}
      totalText={totalText}
    >
      {(state) => <ImeiField serverError={state.imeiError} />}
    </ReviewPayForm>
  );
}

function ImeiField({ serverError }: { serverError?: string }) {
  const [value, setValue] = useState("");
  const [touched, setTouched] = useState(false);
  const imei = normaliseImei(value);
  const live = touched || imei.length >= 15 ? (imeiProblem(imei) ?? undefined) : undefined;
  const error = live ?? (touched ? undefined : serverError);
  const hint = "15 digits. Dial *#06# on the phone to see it, or look in Settings › About.";
  return (
    <Field id="imei" label="IMEI" hint={hint} error={error}>
      <Input
        {...fieldAria("imei", { hint, error })}
        name="imei"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => setTouched(true)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={24}
        placeholder="e.g. 490154203237518"
      />
    </Field>
  );
}
