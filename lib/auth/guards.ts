import "server-only";
import type { Session } from "next-auth";
import { forbidden, redirect } from "next/navigation";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { db } from "@/lib/db";
import type { Role } from "@/lib/db/generated/sqlite/enums";
import { auth, type SessionClaims } from "./config";
import { accountOfSession } from "./sessions";
import { isStaffTotpRequired } from "./totp";

/** The session's claims (lib/auth/config.ts), with its own id. */
type Claims = SessionClaims & { sessionId?: string };

export type CurrentUser = { id: string; email: string; name: string | null; role: Role; totpEnabled: boolean };

/**
 * The signed-in, enabled user, read fresh from the database; null for visitors and for a
 * session that no longer counts (lib/auth/sessions.ts accountOfSession says when).
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  return (await getCurrentSession())?.user ?? null;
}

/** getCurrentUser with the session's own claims (its id, for "Sign out"). */
export async function getCurrentSession(): Promise<{ user: CurrentUser; claims: Claims } | null> {
  const session = (await auth()) as (Session & Claims) | null;
  const id = session?.user?.id;
  if (!id) return null;
  const claims = { sessionVersion: session.sessionVersion, authAt: session.authAt, sessionId: session.sessionId };
  const user = await accountOfSession(db, { userId: id, ...claims });
  return user ? { user, claims } : null;
}

/** For customer pages: visitors are sent to sign in and brought back afterwards. */
export async function requireUser(returnTo: string): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) return redirectInLanguage(`/account/sign-in?next=${encodeURIComponent(returnTo)}`);
  return user;
}

const RANK: Record<Role, number> = { customer: 0, staff: 1, admin: 2 };

export function hasRole(user: CurrentUser | null, role: Exclude<Role, "customer">): boolean {
  return !!user && RANK[user.role] >= RANK[role];
}

/** Where staff without two-factor are sent while an admin requires it for all staff. */
export const ENROLMENT_PATH = "/admin/security?required=1";

/**
 * For staff pages, actions and routes: visitors sign in; signed-in customers get 403; while
 * two-factor is required for all staff, a member without it is sent to the enrolment page.
 */
export async function requireStaff(
  role: Exclude<Role, "customer"> = "staff",
  returnTo = "/admin",
): Promise<CurrentUser> {
  const user = await requireStaffForEnrolment(role, returnTo);
  if (!user.totpEnabled && (await isStaffTotpRequired(db))) redirect(ENROLMENT_PATH);
  return user;
}

/**
 * requireStaff without the two-factor requirement: only for the dashboard layout and the
 * security page (/admin/security), where the member sets two-factor up.
 */
export async function requireStaffForEnrolment(
  role: Exclude<Role, "customer"> = "staff",
  returnTo = "/admin",
): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/admin/sign-in?next=${encodeURIComponent(returnTo)}`);
  if (!hasRole(user, role)) forbidden();
  return user;
}
