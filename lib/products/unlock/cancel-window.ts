// The unlocking API accepts a cancel within 10 minutes of placement (spec section 8). Pure, so
// the order page's countdown and the server agree on one number. The supplier's clock decides
// in the end: the shop always asks it and reports its refusal (lib/fulfilment/unlock-actions.ts).

export const UNLOCK_CANCEL_WINDOW_MS = 10 * 60_000;

/** Upstream statuses in which an unlock order can still be cancelled. */
export const CANCELLABLE_UNLOCK_STATUSES: readonly string[] = ["open", "pending"];

/** When the cancel window closes for an order placed at `placedAt`. */
export function cancelDeadline(placedAt: Date | string): Date {
  return new Date(new Date(placedAt).getTime() + UNLOCK_CANCEL_WINDOW_MS);
}

/** Milliseconds left to cancel (0 once the window has closed). */
export function cancelMsLeft(placedAt: Date | string, now: Date = new Date()): number {
  return Math.max(0, cancelDeadline(placedAt).getTime() - now.getTime());
}

/** "9:05" for a countdown. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

export const CANCEL_WINDOW_PASSED_MESSAGE =
  "Too late to cancel: an unlock order can only be cancelled within 10 minutes of being placed, and that time has passed. The unlock goes ahead.";
