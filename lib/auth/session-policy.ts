// How long a session lasts, and when a token stops counting (docs/admin.md). Pure: the
// guards (lib/auth/guards.ts) apply it to the user row they re-read on every request.

/** Staff sessions end 12 hours after sign-in (a working day), however active. */
export const STAFF_SESSION_MS = 12 * 3_600_000;
/** Customer sessions end 30 days after sign-in. */
export const CUSTOMER_SESSION_MS = 30 * 24 * 3_600_000;

export type SessionFacts = { sessionVersion?: number; authAt?: number };
export type AccountFacts = { role: "customer" | "staff" | "admin"; sessionVersion: number; disabledAt: Date | null };

/**
 * Whether a session token still signs its account in: the account is enabled, the token carries the
 * account's current session version (a token without one counts as signed out), and it is younger
 * than the role's absolute limit (measured from the sign-in, not from the last refresh).
 */
export function sessionStillValid(session: SessionFacts, account: AccountFacts, now = Date.now()): boolean {
  if (account.disabledAt) return false;
  if (session.sessionVersion !== account.sessionVersion) return false;
  if (typeof session.authAt !== "number" || session.authAt > now + 60_000) return false;
  const limit = account.role === "customer" ? CUSTOMER_SESSION_MS : STAFF_SESSION_MS;
  return now - session.authAt < limit;
}
