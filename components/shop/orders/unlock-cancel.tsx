"use client";

import { useActionState, useEffect, useState } from "react";
import { useFormStatus } from "react-dom";
import { Button } from "@/components/ui/button";
import { CANCEL_WINDOW_PASSED_MESSAGE, formatCountdown } from "@/lib/orders/unlock-cancel-window";

export type UnlockCancelState = { ok?: boolean; message?: string };

/**
 * "Cancel this unlock" with a countdown while the 10-minute window is open (counted from the
 * server's reading, so the buyer's clock does not matter), then a plain "too late". The
 * supplier decides in the end: its refusal is shown as it comes back.
 */
export function UnlockCancel({ msLeft, open, action }: { msLeft: number; open: boolean; action: (state: UnlockCancelState, form: FormData) => Promise<UnlockCancelState> }) {
  const [state, formAction] = useActionState(action, {});
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
        <form action={formAction} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <CancelButton />
          <p className="text-sm text-muted">
            You can cancel for <span className="font-medium text-fg tabular-nums">{formatCountdown(left)}</span> more (10 minutes after ordering); you get a full refund.
          </p>
        </form>
      ) : null}
      {open && left === 0 && !state.message ? <p className="text-sm text-muted">{CANCEL_WINDOW_PASSED_MESSAGE}</p> : null}
      {state.message ? (
        <p role={refused ? "alert" : "status"} className={refused ? "rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger" : "rounded-lg bg-ok-soft px-3 py-2 text-sm"} data-testid="unlock-cancel-message">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

function CancelButton() {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" variant="secondary" disabled={pending} aria-disabled={pending} className="shrink-0">
      {pending ? "Cancelling…" : "Cancel this unlock"}
    </Button>
  );
}
