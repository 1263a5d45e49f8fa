"use client";

import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { useEffect, useRef, useState } from "react";
import { ReviewPayForm } from "@/components/shop/checkout/review-pay-form";
import type { SuffixFlag } from "@/lib/validation/imei";
import { ImeiSuffixFields } from "./imei-suffix-fields";
import { CHECKLIST, type UnlockPayFields, type UnlockPayState } from "@/lib/products/unlock/form";
import { imeiFieldsText } from "@/lib/products/unlock/imei-words";

type Props = {
  action: (state: UnlockPayState, form: FormData) => Promise<UnlockPayState>;
  fields: UnlockPayFields;
  needs: SuffixFlag[];
  networkText: string;
  totalText: string;
  defaultEmail?: string;
  signedIn: boolean;
};

/**
 * Step 4: the pre-order checklist, the IMEI and the extra codes this service needs, each
 * checked as it is typed with the same rules the server applies (lib/validation/imei.ts), then
 * the email and "Pay". Every submit of this form from this browser makes one order. Its words
 * are the "UnlockForm" and "UnlockImei" messages (the page hands them over: ClientMessages).
 */
export function UnlockOrderForm({ action, fields, needs, networkText, totalText, defaultEmail, signedIn }: Props) {
  const t = useTranslations("UnlockForm");
  const imeiText = imeiFieldsText(useTranslations("UnlockImei"));
  return (
    <ReviewPayForm
      action={action}
      hidden={fields}
      hint={signedIn ? t("hintSignedIn") : t("hintGuest")}
      defaultEmail={defaultEmail}
      totalText={totalText}
      className="flex flex-col gap-6"
    >
      {(state) => (
        <>
          <Checklist networkText={networkText} serverError={state.fieldErrors?.checklist} answer={state} />
          <div className="flex flex-col gap-4">
            <h2 className="text-base font-semibold">{t("yourPhone")}</h2>
            <ImeiSuffixFields needs={needs} serverErrors={state.fieldErrors} text={imeiText} />
          </div>
        </>
      )}
    </ReviewPayForm>
  );
}

function Checklist({
  networkText,
  serverError,
  answer,
}: {
  networkText: string;
  serverError?: string;
  answer: UnlockPayState;
}) {
  const t = useTranslations("UnlockForm");
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const box = useRef<HTMLFieldSetElement>(null);
  // React resets a form after its action has answered, and a reset unticks controlled
  // checkboxes in the page while their state stays ticked: after each answer (a refusal keeps
  // the buyer here), tick again what the buyer ticked.
  useEffect(() => {
    for (const input of box.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]") ?? [])
      input.checked = !!checked[input.name];
  }, [answer, checked]);
  const checklistError = serverError && !CHECKLIST.every((c) => checked[c]) ? serverError : undefined;
  return (
    <fieldset
      ref={box}
      className="flex flex-col gap-3"
      aria-describedby={checklistError ? "checklist-error" : undefined}
    >
      <legend className="mb-2 text-base font-semibold">{t("beforeYouOrder")}</legend>
      {CHECKLIST.map((name) => (
        <div key={name} className="flex items-start gap-3 text-sm">
          <input
            id={name}
            name={name}
            type="checkbox"
            checked={!!checked[name]}
            onChange={(e) => setChecked((c) => ({ ...c, [name]: e.target.checked }))}
            className="mt-0.5 size-4 shrink-0 accent-[var(--color-brand)]"
          />
          <label htmlFor={name}>
            {t.rich(`checklist.${name}`, {
              network: networkText,
              strong: (chunks) => <strong>{chunks}</strong>,
              link: (chunks) => (
                <Link
                  href="/imei-check"
                  target="_blank"
                  className="font-medium text-brand underline underline-offset-4"
                >
                  {chunks}
                </Link>
              ),
              newTab: (chunks) => <span className="sr-only">{chunks}</span>,
            })}
          </label>
        </div>
      ))}
      {checklistError ? (
        <p id="checklist-error" role="alert" className="text-xs font-medium text-danger">
          {checklistError}
        </p>
      ) : null}
    </fieldset>
  );
}
