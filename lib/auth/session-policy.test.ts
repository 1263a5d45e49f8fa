import { describe, expect, it } from "vitest";
import { CUSTOMER_SESSION_MS, STAFF_SESSION_MS, sessionStillValid } from "./session-policy";

// A session token counts only while it carries the account's current session
// version, and only for its role's absolute lifetime from the sign-in.
const now = Date.UTC(2026, 10, 23, 12);
const staff = { role: "staff" as const, sessionVersion: 3, disabledAt: null };
const customer = { role: "customer" as const, sessionVersion: 0, disabledAt: null };

describe("sessionStillValid", () => {
  it("accepts a current token and refuses one from before a password change or 'sign out everywhere'", () => {
    expect(sessionStillValid({ sessionVersion: 3, authAt: now - 60_000 }, staff, now)).toBe(true);
    expect(sessionStillValid({ sessionVersion: 2, authAt: now - 60_000 }, staff, now)).toBe(false);
  });

  it("refuses a token without a session version or sign-in time", () => {
    expect(sessionStillValid({}, customer, now)).toBe(false);
    expect(sessionStillValid({ sessionVersion: 0 }, customer, now)).toBe(false);
  });

  it("ends staff sessions 12 hours after sign-in, customers' after 30 days", () => {
    expect(sessionStillValid({ sessionVersion: 3, authAt: now - STAFF_SESSION_MS + 1_000 }, staff, now)).toBe(true);
    expect(sessionStillValid({ sessionVersion: 3, authAt: now - STAFF_SESSION_MS }, staff, now)).toBe(false);
    expect(
      sessionStillValid({ sessionVersion: 3, authAt: now - STAFF_SESSION_MS }, { ...staff, role: "admin" }, now),
    ).toBe(false);
    expect(sessionStillValid({ sessionVersion: 0, authAt: now - STAFF_SESSION_MS }, customer, now)).toBe(true);
    expect(sessionStillValid({ sessionVersion: 0, authAt: now - CUSTOMER_SESSION_MS }, customer, now)).toBe(false);
    // A customer promoted to staff keeps no 30-day session: the staff limit applies from its sign-in.
    expect(
      sessionStillValid({ sessionVersion: 0, authAt: now - 2 * STAFF_SESSION_MS }, { ...customer, role: "staff" }, now),
    ).toBe(false);
  });

  it("refuses a disabled account and a sign-in time in the future", () => {
    expect(sessionStillValid({ sessionVersion: 3, authAt: now }, { ...staff, disabledAt: new Date(now) }, now)).toBe(
      false,
    );
    expect(sessionStillValid({ sessionVersion: 3, authAt: now + 3_600_000 }, staff, now)).toBe(false);
  });
});
