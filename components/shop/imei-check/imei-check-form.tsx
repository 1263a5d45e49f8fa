"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState } from "react";
import { EmailAndPay } from "@/components/shop/checkout/email-and-pay";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { imeiProblem, normaliseImei } from "@/lib/validation/imei";

export type ImeiCheckPayState = { error?: string; emailError?: string; email?: string; imeiError?: string; priceChanged?: boolean };

/** The IMEI (checked as typed, with the rules the server applies), the email and "Pay". */
export function ImeiCheckForm({
  action,
  submissionId,
  expectedTotalMinor,
  totalText,
  defaultEmail,
  signedIn,
}: {
  action: (state: ImeiCheckPayState, form: FormData) => Promise<ImeiCheckPayState>;
  submissionId: string;
  expectedTotalMinor: number;
  totalText: string;
  defaultEmail?: string;
  signedIn: boolean;
}) {
  const [state, formAction] = useActionState(action, {});
  const router = useRouter();
  useEffect(() => {
    if (state.priceChanged) router.refresh();
  }, [state, router]);
  const [value, setValue] = useState("");
  const [touched, setTouched] = useState(false);
  const imei = normaliseImei(value);
  const live = touched || imei.length >= 15 ? (imeiProblem(imei) ?? undefined) : undefined;
  const error = live ?? (touched ? undefined : state.imeiError);
  const hint = "15 digits. Dial *#06# on the phone to see it, or look in Settings › About.";

  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="submissionId" value={submissionId} />
      <input type="hidden" name="expectedTotalMinor" value={expectedTotalMinor} />
      {state.error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.error}
        </p>
      ) : null}
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
      <EmailAndPay
        hint={signedIn ? "Your account's email; change it if the receipt should go elsewhere." : "For your receipt and the link to your order page, where the report appears."}
        error={state.emailError}
        defaultEmail={state.email ?? defaultEmail}
        totalText={totalText}
      />
    </form>
  );
}
