"use client";

import { Link } from "@/lib/i18n/navigation";
import { useEffect, useRef, useState } from "react";
import { ReviewPayForm } from "@/components/shop/checkout/review-pay-form";
import type { SuffixFlag } from "@/lib/validation/imei";
import { ImeiSuffixFields } from "./imei-suffix-fields";
import { CHECKLIST, type UnlockPayFields, type UnlockPayState } from "@/lib/products/unlock/form";

type Props = {
  action: (state: UnlockPayState, form: FormData) => Promise<UnlockPayState>;
  fields: UnlockPayFields;
  needs: SuffixFlag[];
  networkText: string;
  totalText: string;
  defaultEmail?: string;
  signedIn: boolean;
};

const CHECK_TEXT: Record<(typeof CHECKLIST)[number], (network: string) => React.ReactNode> = {
  checkNetwork: (network) => (
    <>
      The phone is locked to <strong>{network}</strong>, the network it was originally sold on (a SIM from another network shows &quot;SIM not supported&quot; or asks for a code).
    </>
  ),
  checkAttempts: () => <>The phone still has unlock attempts left: I have not typed wrong unlock codes into it (some phones lock for good after too many).</>,
  checkBlacklist: () => (
    <>
      The phone is not reported lost or stolen (blacklisted): a blacklisted phone cannot be unlocked.{" "}
      <Link href="/imei-check" target="_blank" className="font-medium text-brand underline underline-offset-4">
        Check its IMEI<span className="sr-only"> (opens in a new tab)</span>
      </Link>
      .
    </>
  ),
};

/**
 * Step 4: the pre-order checklist, the IMEI and the extra codes this service needs, each
 * checked as it is typed with the same rules the server applies (lib/validation/imei.ts), then
 * the email and "Pay". Every submit of this form from this browser makes one order.
 */
export function UnlockOrderForm({ action, fields, needs, networkText, totalText, defaultEmail, signedIn }: Props) {
  return (
    <ReviewPayForm
      action={action}
      hidden={fields}
      hint={signedIn ? "Your account's email; change it if the receipt should go elsewhere." : "For your receipt and the link to your order page, where the unlock instructions appear."}
      defaultEmail={defaultEmail}
      totalText={totalText}
      className="flex flex-col gap-6"
    >
      {(state) => (
        <>
          <Checklist networkText={networkText} serverError={state.fieldErrors?.checklist} answer={state} />
          <div className="flex flex-col gap-4">
            <h2 className="text-base font-semibold">Your phone</h2>
            <ImeiSuffixFields needs={needs} serverErrors={state.fieldErrors} />
          </div>
        </>
      )}
    </ReviewPayForm>
  );
}

function Checklist({ networkText, serverError, answer }: { networkText: string; serverError?: string; answer: UnlockPayState }) {
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const box = useRef<HTMLFieldSetElement>(null);
  // React resets a form after its action has answered, and a reset unticks controlled
  // checkboxes in the page while their state stays ticked: after each answer (a refusal keeps
  // the buyer here), tick again what the buyer ticked.
  useEffect(() => {
    for (const input of box.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]") ?? []) input.checked = !!checked[input.name];
  }, [answer, checked]);
  const checklistError = serverError && !CHECKLIST.every((c) => checked[c]) ? serverError : undefined;
  return (
    <fieldset ref={box} className="flex flex-col gap-3" aria-describedby={checklistError ? "checklist-error" : undefined}>
      <legend className="mb-2 text-base font-semibold">Before you order</legend>
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
          <label htmlFor={name}>{CHECK_TEXT[name](networkText)}</label>
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
