import { describe, expect, it } from "vitest";
import {
  checkoutPollDelayMs,
  commercePollDelayMs,
  HOUR,
  MINUTE,
  reconcileDelayMs,
  SECOND,
  unlockFirstPollDelayMs,
  unlockPollDelayMs,
} from "./schedule";

describe("polling schedule", () => {
  it("polls commerce orders at 5 s, 10 s, 30 s, 1 min, then every 5 min", () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(commercePollDelayMs)).toEqual([
      5 * SECOND,
      10 * SECOND,
      30 * SECOND,
      MINUTE,
      5 * MINUTE,
      5 * MINUTE,
      5 * MINUTE,
    ]);
  });

  it("polls unlock orders by the tool's guaranteed time type", () => {
    expect(unlockFirstPollDelayMs("instant")).toBe(15 * SECOND);
    expect(unlockPollDelayMs("instant", 5 * MINUTE)).toBe(MINUTE);
    expect(unlockPollDelayMs("instant", HOUR)).toBe(15 * MINUTE);
    expect(unlockPollDelayMs("minutes", 10 * MINUTE)).toBe(MINUTE);
    // Every type: early checks through the 10-minute cancel window (30 s, then every minute) …
    expect(unlockFirstPollDelayMs("hours")).toBe(30 * SECOND);
    expect(unlockPollDelayMs("hours", 45 * SECOND)).toBe(MINUTE);
    expect(unlockPollDelayMs("weeks", 9 * MINUTE)).toBe(MINUTE);
    // … then the spec's schedule.
    expect(unlockPollDelayMs("hours", 10 * MINUTE)).toBe(15 * MINUTE);
    expect(unlockPollDelayMs("days", 10 * MINUTE)).toBe(HOUR);
    expect(unlockPollDelayMs("weeks", 10 * MINUTE)).toBe(12 * HOUR);
    expect(unlockPollDelayMs("fortnights", 10 * MINUTE)).toBe(15 * MINUTE);
    expect(unlockPollDelayMs(undefined, 10 * MINUTE)).toBe(15 * MINUTE);
  });

  it("checks a payment-link checkout often while the buyer is paying", () => {
    expect(checkoutPollDelayMs(0)).toBe(10 * SECOND);
    expect(checkoutPollDelayMs(20)).toBe(30 * SECOND);
  });

  it("backs off placement retries exponentially, up to every 15 minutes", () => {
    expect([0, 1, 2, 3, 4, 5, 40].map(reconcileDelayMs)).toEqual([
      10 * SECOND,
      30 * SECOND,
      90 * SECOND,
      270 * SECOND,
      810 * SECOND,
      15 * MINUTE,
      15 * MINUTE,
    ]);
  });
});
