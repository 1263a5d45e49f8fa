"use client";

import { Eye } from "lucide-react";
import { useActionState } from "react";
import { Card, CardTitle } from "@/components/ui/card";
import { SubmitButton } from "@/components/ui/submit-button";

export type RevealSecretsState = { secrets?: Array<[string, string]>; error?: string };

const LABELS: Record<string, string> = {
  redemptionCode: "Gift card code",
  redemptionUrl: "Redemption link",
  lpaString: "eSIM activation code (LPA)",
  installUrl: "iPhone install link",
  qrCodeUrl: "Supplier's QR image",
  instructions: "Unlock instructions",
};

/**
 * What the order delivered that is a credential: hidden until a staff member asks (to help the
 * buyer), so it is not on screen, in a screenshot or over a shoulder; every reveal is audited.
 */
export function OrderSecrets({
  orderId,
  fields,
  action,
}: {
  orderId: string;
  fields: string[];
  action: (state: RevealSecretsState, form: FormData) => Promise<RevealSecretsState>;
}) {
  const [state, formAction] = useActionState(action, {});
  return (
    <Card data-testid="order-secrets">
      <CardTitle>Delivered codes</CardTitle>
      {state.secrets ? (
        <dl className="mt-3 grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
          {state.secrets.map(([field, value]) => (
            <div key={field} className="contents">
              <dt className="text-muted">{LABELS[field] ?? field}</dt>
              <dd className="min-w-0 font-mono text-xs break-all whitespace-pre-wrap">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <form action={formAction} className="mt-3 flex flex-col gap-3 text-sm">
          <input type="hidden" name="orderId" value={orderId} />
          <p className="text-muted">
            Holds: {fields.map((field) => LABELS[field] ?? field).join(", ")}. Shown on request; your reveal is recorded
            in the audit log.
          </p>
          <SubmitButton variant="secondary" pendingText="Revealing…" className="self-start">
            <Eye className="size-4" aria-hidden="true" />
            Reveal codes
          </SubmitButton>
          {state.error ? (
            <p role="alert" className="text-danger">
              {state.error}
            </p>
          ) : null}
        </form>
      )}
    </Card>
  );
}
