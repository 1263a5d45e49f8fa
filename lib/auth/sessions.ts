import "server-only";
import { recordAudit } from "@/lib/audit/record";
import type { DbClient } from "@/lib/db/create-client";
import type { Role } from "@/lib/db/generated/sqlite/enums";
import { CUSTOMER_SESSION_MS, STAFF_SESSION_MS, sessionStillValid } from "./session-policy";

// Ending sessions on the server (docs/accounts.md "Sessions"). Sessions are JWTs in a cookie
// (lib/auth/config.ts): deleting the cookie does not stop a copy of it, so the server keeps
// what ended:
// - "Sign out" ends this one session: its id goes into EndedSession until the session would
//   have expired anyway, and the guards (lib/auth/guards.ts) refuse a token carrying it.
// - "Sign out everywhere", password changes, resets and confirmations raise the account's
//   session version, which ends every session at once.

type Writer = Pick<DbClient, "user" | "auditLog">;

/** Ends every session of `user` (this one included); staff get an audit entry. */
export async function endAllSessions(db: Writer, user: { id: string; email: string; role: string }): Promise<void> {
  await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
  if (user.role !== "customer")
    await recordAudit(
      {
        actor: { id: user.id, email: user.email },
        action: "staff.sign_out_everywhere",
        targetType: "user",
        targetId: user.id,
      },
      db,
    );
}

export type SessionToEnd = { sessionId?: string; authAt?: number };

/**
 * Ends one session of `user`, the one whose token carries `session`. A token without a session
 * id cannot be told from the account's others: then every session ends.
 */
export async function endSession(
  db: Writer & Pick<DbClient, "endedSession">,
  user: { id: string; email: string; role: string },
  session: SessionToEnd,
  now = new Date(),
): Promise<"this" | "all"> {
  if (!session.sessionId) {
    await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    return "all";
  }
  const lifetime = user.role === "customer" ? CUSTOMER_SESSION_MS : STAFF_SESSION_MS;
  const expiresAt = new Date((session.authAt ?? now.getTime()) + lifetime);
  await db.endedSession.upsert({
    where: { id: session.sessionId },
    create: { id: session.sessionId, userId: user.id, expiresAt },
    update: {},
  });
  // Rows past their session's lifetime guard nothing any more.
  await db.endedSession.deleteMany({ where: { expiresAt: { lt: now } } });
  return "this";
}

export type SessionClaimsOf = { userId: string; sessionVersion?: number; authAt?: number; sessionId?: string };
export type SessionAccount = { id: string; email: string; name: string | null; role: Role; totpEnabled: boolean };

/**
 * The account a session token still signs in, read fresh; null when the session no longer
 * counts: the account is disabled or gone, the token's version is not the account's (password
 * changed or reset, "sign out everywhere", the address confirmed), it is older than its role's
 * limit (./session-policy.ts), "Sign out" ended it, or it belongs to a customer whose address is
 * not confirmed (such an account holds no session, docs/accounts.md).
 */
export async function accountOfSession(
  db: Pick<DbClient, "user" | "endedSession">,
  claims: SessionClaimsOf,
  now = Date.now(),
): Promise<SessionAccount | null> {
  const [user, ended] = await Promise.all([
    db.user.findUnique({
      where: { id: claims.userId },
      select: {
        id: true,
        email: true,
        name: true,
        role: true,
        disabledAt: true,
        sessionVersion: true,
        totpEnabledAt: true,
        emailVerifiedAt: true,
      },
    }),
    claims.sessionId ? db.endedSession.findUnique({ where: { id: claims.sessionId }, select: { id: true } }) : null,
  ]);
  if (!user || ended || !sessionStillValid({ sessionVersion: claims.sessionVersion, authAt: claims.authAt }, user, now))
    return null;
  if (user.role === "customer" && !user.emailVerifiedAt) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, totpEnabled: user.totpEnabledAt !== null };
}
