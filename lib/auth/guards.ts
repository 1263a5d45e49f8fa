import "server-only";
import type { Session } from "next-auth";
import { forbidden, redirect } from "next/navigation";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { db } from "@/lib/db";
import type { Role } from "@/lib/db/generated/sqlite/enums";
import { auth, type SessionClaims } from "./config";
import { sessionStillValid } from "./session-policy";
import { isStaffTotpRequired } from "./totp";

export type CurrentUser = { id: string; email: string; name: string | null; role: Role; totpEnabled: boolean };

/**
 * The signed-in, enabled user, read fresh from the database; null for visitors. A session whose
 * version is not the account's current one (password changed or reset, "sign out everywhere"),
 * or older than its role's limit, counts as signed out (lib/auth/session-policy.ts).
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  const session = (await auth()) as (Session & SessionClaims) | null;
  const id = session?.user?.id;
  if (!id) return null;
  const user = await db.user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, role: true, disabledAt: true, sessionVersion: true, totpEnabledAt: true },
  });
  if (!user || !sessionStillValid({ sessionVersion: session.sessionVersion, authAt: session.authAt }, user)) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, totpEnabled: user.totpEnabledAt !== null };
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
export async function requireStaff(role: Exclude<Role, "customer"> = "staff", returnTo = "/admin"): Promise<CurrentUser> {
  const user = await requireStaffForEnrolment(role, returnTo);
  if (!user.totpEnabled && (await isStaffTotpRequired(db))) redirect(ENROLMENT_PATH);
  return user;
}

/**
 * requireStaff without the two-factor requirement: only for the dashboard layout and the
 * security page (/admin/security), where the member sets two-factor up.
 */
export async function requireStaffForEnrolment(role: Exclude<Role, "customer"> = "staff", returnTo = "/admin"): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/admin/sign-in?next=${encodeURIComponent(returnTo)}`);
  if (!hasRole(user, role)) forbidden();
  return user;
}
