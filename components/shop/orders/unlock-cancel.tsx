"use client";

import { useActionState, useEffect, useState } from "react";
import { useFormStatus } from "react-dom";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CANCEL_WINDOW_PASSED_MESSAGE, formatCountdown } from "@/lib/orders/unlock-cancel-window";

export type UnlockCancelState = { ok?: boolean; message?: string };

/**
 * "Cancel this unlock" with a countdown while the 10-minute window is open (counted from the
 * server's reading, so the buyer's clock does not matter), then a plain "too late". The button
 * asks first, naming the refund; the server reads the supplier's status again before
 * cancelling, so a code that became ready meanwhile is shown instead of a refusal.
 */
export function UnlockCancel({ msLeft, open, refundText, action }: { msLeft: number; open: boolean; refundText: string; action: (state: UnlockCancelState, form: FormData) => Promise<UnlockCancelState> }) {
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
            Cancel this unlock
          </Button>
          <p className="text-sm text-muted">
            You can cancel for <span className="font-medium text-fg tabular-nums">{formatCountdown(left)}</span> more (10 minutes after ordering); you get a full refund.
          </p>
        </div>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel this unlock?"
        footer={
          <form action={formAction} className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep the order
            </Button>
            <ConfirmButton />
          </form>
        }
      >
        The supplier stops working on your unlock and {refundText} is refunded to the way you paid. This cannot be undone.
      </Dialog>
      {open && left === 0 && !state.message ? <p className="text-sm text-muted">{CANCEL_WINDOW_PASSED_MESSAGE}</p> : null}
      {state.message ? (
        <p role={refused ? "alert" : "status"} className={refused ? "rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger" : "rounded-lg bg-ok-soft px-3 py-2 text-sm"} data-testid="unlock-cancel-message">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

function ConfirmButton() {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" variant="danger" disabled={pending} aria-disabled={pending}>
      {pending ? "Cancelling…" : "Cancel and refund"}
    </Button>
  );
}
