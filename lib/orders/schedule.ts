// When the worker looks at an order next (DESIGN.md "Following an order"). Pure functions of
// how many polls there have been and how long ago the order was placed.

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** Commerce: short backoff until final: 5 s, 10 s, 30 s, 1 min, then every 5 min. */
const COMMERCE_BACKOFF_MS = [5 * SECOND, 10 * SECOND, 30 * SECOND, MINUTE] as const;
const COMMERCE_STEADY_MS = 5 * MINUTE;

/** `attempt`: polls done so far (0 = the first poll after placing). */
export function commercePollDelayMs(attempt: number): number {
  return COMMERCE_BACKOFF_MS[attempt] ?? COMMERCE_STEADY_MS;
}

/** An order the upstream's staff are checking by hand (MANUAL_REVISION): no hurry. */
export const MANUAL_REVISION_POLL_MS = 15 * MINUTE;

/** A buyer is on the upstream's hosted checkout: check often, then less. */
export function checkoutPollDelayMs(attempt: number): number {
  return attempt < 6 ? 10 * SECOND : 30 * SECOND;
}

/** The unlocking tool's `guaranteed_time.type`; anything else is polled like "hours". */
export type GuaranteedTimeType = "instant" | "minutes" | "hours" | "days" | "weeks";

/**
 * The first minutes after an unlock is placed: its 10-minute cancel window, when the buyer is
 * watching and a supplier often finishes early whatever the tool's guaranteed time. Every type
 * is checked at 30 s and then every minute until the window closes, so an unlock the supplier
 * finishes in its first minutes shows within a minute whatever its type (an "hours" one would
 * otherwise wait for its 15-minute check). At most eleven calls per order beyond the spec's
 * schedule (docs/unlock.md, "Order page (unlock)").
 */
export const UNLOCK_EARLY_WINDOW_MS = 10 * MINUTE;

/**
 * Unlock: the early checks above, then by the tool's guaranteed time type as the unlocking spec
 * recommends. instant → right after ordering (15 s), then every minute for a while; minutes →
 * every minute; hours → every 15 min; days → hourly; weeks → twice a day. Past the guarantee a
 * slower pace (every 15 min at most) saves calls.
 */
export function unlockPollDelayMs(type: string | undefined, sincePlacedMs: number): number {
  if (type !== "instant" && sincePlacedMs < UNLOCK_EARLY_WINDOW_MS)
    return sincePlacedMs < 30 * SECOND ? 30 * SECOND : MINUTE;
  switch (type) {
    case "instant":
      if (sincePlacedMs < 20 * SECOND) return 15 * SECOND;
      return sincePlacedMs < 15 * MINUTE ? MINUTE : 15 * MINUTE;
    case "minutes":
      return sincePlacedMs < 6 * HOUR ? MINUTE : 15 * MINUTE;
    case "days":
      return HOUR;
    case "weeks":
      return 12 * HOUR;
    case "hours":
    default:
      return 15 * MINUTE;
  }
}

/** First look after an unlock order was placed. */
export function unlockFirstPollDelayMs(type: string | undefined): number {
  return unlockPollDelayMs(type, 0);
}

/**
 * Placing, paid-but-stuck and unclear outcomes: look again, backing off exponentially
 * (10 s, 30 s, 90 s, 4.5 min, 13.5 min, then every 15 min). `attempt`: tries so far, from 0.
 */
export function reconcileDelayMs(attempt: number): number {
  return Math.min(10 * SECOND * 3 ** Math.max(0, attempt), 15 * MINUTE);
}

export function after(base: Date, ms: number): Date {
  return new Date(base.getTime() + ms);
}
