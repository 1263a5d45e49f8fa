import "server-only";
import { forbidden, redirect } from "next/navigation";
import { db } from "@/lib/db";
import type { Role } from "@/lib/db/generated/sqlite/enums";
import { auth } from "./config";

export type CurrentUser = { id: string; email: string; name: string | null; role: Role };

/** The signed-in, enabled user, read fresh from the database; null for visitors. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  const user = await db.user.findUnique({ where: { id }, select: { id: true, email: true, name: true, role: true, disabledAt: true } });
  if (!user || user.disabledAt) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

/** For customer pages: visitors are sent to sign in and brought back afterwards. */
export async function requireUser(returnTo: string): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/account/sign-in?next=${encodeURIComponent(returnTo)}`);
  return user;
}

const RANK: Record<Role, number> = { customer: 0, staff: 1, admin: 2 };

export function hasRole(user: CurrentUser | null, role: Exclude<Role, "customer">): boolean {
  return !!user && RANK[user.role] >= RANK[role];
}

/** For staff pages, actions and routes: visitors sign in; signed-in customers get 403. */
export async function requireStaff(role: Exclude<Role, "customer"> = "staff", returnTo = "/admin"): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/admin/sign-in?next=${encodeURIComponent(returnTo)}`);
  if (!hasRole(user, role)) forbidden();
  return user;
}
