"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useState } from "react";
import { useFormStatus } from "react-dom";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatCountdown } from "@/lib/products/unlock/cancel-window";

export type UnlockCancelState = { ok?: boolean; message?: string };

/**
 * "Cancel this unlock" with a countdown while the 10-minute window is open (counted from the
 * server's reading, so the buyer's clock does not matter), then a plain "too late". The button
 * asks first, naming the refund; the server reads the supplier's status again before
 * cancelling, so a code that became ready meanwhile is shown instead of a refusal. Its words:
 * "DeliveryUnlockClient", handed down by UnlockOrderSection.
 */
export function UnlockCancel({
  msLeft,
  open,
  refundText,
  action,
}: {
  msLeft: number;
  open: boolean;
  refundText: string;
  action: (state: UnlockCancelState, form: FormData) => Promise<UnlockCancelState>;
}) {
  const t = useTranslations("DeliveryUnlockClient");
  const [confirming, setConfirming] = useState(false);
  const [state, formAction] = useActionState(async (previous: UnlockCancelState, form: FormData) => {
    const result = await action(previous, form);
    setConfirming(false);
    return result;
  }, {});
  const [left, setLeft] = useState(msLeft);
  useEffect(() => {
    const deadline = Date.now() + msLeft;
    const timer = setInterval(() => setLeft(Math.max(0, deadline - Date.now())), 1_000);
    return () => clearInterval(timer);
  }, [msLeft]);

  const refused = state.ok === false;
  return (
    <div className="flex flex-col gap-3" data-testid="unlock-cancel">
      {open && left > 0 && !refused && !state.ok ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <Button variant="secondary" className="shrink-0" onClick={() => setConfirming(true)}>
            {t("cancel")}
          </Button>
          <p className="text-sm text-muted">
            {t.rich("canCancel", {
              left: formatCountdown(left),
              countdown: (chunks) => <span className="font-medium text-fg tabular-nums">{chunks}</span>,
            })}
          </p>
        </div>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("confirmTitle")}
        footer={
          <form action={formAction} className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("keep")}
            </Button>
            <ConfirmButton />
          </form>
        }
      >
        {t("confirmBody", { amount: refundText })}
      </Dialog>
      {open && left === 0 && !state.message ? <p className="text-sm text-muted">{t("windowPassed")}</p> : null}
      {state.message ? (
        <p
          role={refused ? "alert" : "status"}
          className={
            refused
              ? "rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger"
              : "rounded-lg bg-ok-soft px-3 py-2 text-sm"
          }
          data-testid="unlock-cancel-message"
        >
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

function ConfirmButton() {
  const { pending } = useFormStatus();
  const t = useTranslations("DeliveryUnlockClient");
  return (
    <Button type="submit" variant="danger" disabled={pending} aria-disabled={pending}>
      {pending ? t("cancelling") : t("confirm")}
    </Button>
  );
}
