// The unlock's cancel window lives in its product folder; this path remains for the modules not
// yet pointed there (lib/fulfilment/unlock-actions.ts).
export {
  CANCEL_WINDOW_PASSED_MESSAGE,
  CANCELLABLE_UNLOCK_STATUSES,
  UNLOCK_CANCEL_WINDOW_MS,
  cancelDeadline,
  cancelMsLeft,
  formatCountdown,
} from "@/lib/products/unlock/cancel-window";
