"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { EmailAndPay } from "@/components/shop/checkout/email-and-pay";
import { useActionState, useEffect, useState, type FormEvent } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { confirmProblem } from "@/lib/products/topup/rules";
import { SmsMessageField } from "./sms-message-field";
import type { PayState } from "@/lib/products/topup/pay-input";

export type PayFields = {
  phone: string;
  operator: string;
  rate: string;
  sms: boolean;
  expectedTotalMinor: number;
  expectedCurrency: string;
};

/**
 * The confirmation step's form: the number typed a second time, the SMS message (with the SMS
 * notice), the buyer's email, and "Pay". A number that does not match is refused here, before
 * anything is sent; the server checks it again. The server turns every submit of this review
 * from this browser into the same one order (lib/orders/submitter.ts), so a double click, a
 * resent form or a second tab cannot buy twice.
 */
export function PayForm({
  action,
  fields,
  defaultEmail,
  signedIn,
  totalText,
}: {
  action: (state: PayState, form: FormData) => Promise<PayState>;
  fields: PayFields;
  defaultEmail?: string;
  signedIn: boolean;
  totalText: string;
}) {
  const t = useTranslations("TopupPay");
  const [state, formAction] = useActionState(action, {});
  const [confirmError, setConfirmError] = useState<string | undefined>();
  const [confirmEdited, setConfirmEdited] = useState(false);
  const router = useRouter();
  // The server found a different price than this page shows: show the new one.
  useEffect(() => {
    if (state.priceChanged) router.refresh();
  }, [state, router]);

  const shownConfirmError = confirmError ?? (confirmEdited ? undefined : state.confirmError);
  const confirmHint = t("confirmHint");
  const emailHint = signedIn ? t("emailHintSignedIn") : t("emailHint");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("confirmPhone") as HTMLInputElement;
    const problem = confirmProblem(fields.phone, input.value);
    if (!problem) {
      // What the server says about this submission is shown again.
      setConfirmEdited(false);
      return;
    }
    event.preventDefault();
    setConfirmError(t(`confirm.${problem}`));
    setConfirmEdited(false);
    input.focus();
  }

  return (
    <form action={formAction} onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="phone" value={fields.phone} />
      <input type="hidden" name="operator" value={fields.operator} />
      <input type="hidden" name="rate" value={fields.rate} />
      <input type="hidden" name="sms" value={fields.sms ? "1" : ""} />
      <input type="hidden" name="expectedTotalMinor" value={fields.expectedTotalMinor} />
      <input type="hidden" name="expectedCurrency" value={fields.expectedCurrency} />
      {state.error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      <Field id="confirmPhone" label={t("confirmLabel")} hint={confirmHint} error={shownConfirmError}>
        <Input
          {...fieldAria("confirmPhone", { hint: confirmHint, error: shownConfirmError })}
          name="confirmPhone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          defaultValue={state.confirmPhone}
          onChange={() => {
            setConfirmEdited(true);
            setConfirmError(undefined);
          }}
        />
      </Field>
      {fields.sms ? (
        <SmsMessageField key={state.smsText ?? ""} defaultValue={state.smsText} error={state.smsTextError} />
      ) : null}
      <EmailAndPay
        hint={emailHint}
        error={state.emailError}
        defaultEmail={state.email ?? defaultEmail}
        totalText={totalText}
      />
    </form>
  );
}
