"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ReviewPayForm } from "@/components/shop/checkout/review-pay-form";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ImeiCheckPayState } from "@/lib/products/imeicheck/form";
import { imeiProblemOf } from "@/lib/products/imeicheck/imei-problem";
import { normaliseImei } from "@/lib/validation/imei";

// Worded from the "ImeiCheckForm" messages (the page hands them over with ClientMessages): the
// IMEI is checked as the buyer types, in the page's language.

/** The IMEI (checked as typed, with the rules the server applies), the email and "Pay". */
export function ImeiCheckForm({
  action,
  expectedTotalMinor,
  expectedCurrency,
  totalText,
  defaultEmail,
  signedIn,
}: {
  action: (state: ImeiCheckPayState, form: FormData) => Promise<ImeiCheckPayState>;
  expectedTotalMinor: number;
  expectedCurrency: string;
  totalText: string;
  defaultEmail?: string;
  signedIn: boolean;
}) {
  const t = useTranslations("ImeiCheckForm");
  return (
    <ReviewPayForm
      action={action}
      hidden={{ expectedTotalMinor, expectedCurrency }}
      hint={signedIn ? t("hintSignedIn") : t("hintGuest")}
      defaultEmail={defaultEmail}
      totalText={totalText}
    >
      {(state) => <ImeiField serverError={state.imeiError} />}
    </ReviewPayForm>
  );
}

function ImeiField({ serverError }: { serverError?: string }) {
  const t = useTranslations("ImeiCheckForm");
  const [value, setValue] = useState("");
  const [touched, setTouched] = useState(false);
  const imei = normaliseImei(value);
  const problem = touched || imei.length >= 15 ? imeiProblemOf(imei) : null;
  const live = problem
    ? t(`problem.${problem.key}`, { count: problem.key === "length" ? problem.count : 0 })
    : undefined;
  const error = live ?? (touched ? undefined : serverError);
  const hint = t("imeiHint");
  return (
    <Field id="imei" label={t("imeiLabel")} hint={hint} error={error}>
      <Input
        {...fieldAria("imei", { hint, error })}
        name="imei"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => setTouched(true)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={24}
        placeholder={t("imeiPlaceholder")}
      />
    </Field>
  );
}
