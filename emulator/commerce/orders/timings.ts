import type { CommerceType } from "../priced-product";

// Every time-driven rule of the order core, on the emulator clock (tests move it with
// POST /__control/clock instead of waiting).

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** From "order exists" to its outcome (fulfilled / failed / MANUAL_REVISION). */
export function fulfillmentDelayMs(type: CommerceType, realistic: boolean): number {
  if (!realistic) return 3 * SECOND;
  return { topup: 15 * SECOND, giftcard: 20 * SECOND, esim: 45 * SECOND }[type];
}

/** A payment-link checkout can be paid for this long. */
export const CHECKOUT_TTL_MS = HOUR;

/** upstream-notes: the same Idempotency-Key on the same account within 24 h returns the original order. */
export const IDEMPOTENCY_TTL_MS = 24 * HOUR;

/** Spec section 8: eSIM remaining data is refreshed from the provider at most once per five minutes. */
export const ESIM_REFRESH_GATE_MS = 5 * MINUTE;

/** The simulated traveller installs and activates the eSIM this long after fulfillment. */
export const ESIM_ACTIVATION_AFTER_MS = 10 * MINUTE;

/** Simulated data use of an active limited eSIM (visible after an hour of emulator time). */
export const ESIM_USAGE_GB_PER_HOUR = 0.1;
export const HOUR_MS = HOUR;

/** Webhook retries after a failed attempt: 5 s, 30 s, 2 min, 10 min, 1 h; then the delivery is given up. */
export const WEBHOOK_RETRY_DELAYS_MS = [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR] as const;

/** A receiver that does not answer within this (real) time counts as a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 5 * SECOND;
