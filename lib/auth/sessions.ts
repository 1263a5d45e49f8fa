import "server-only";
import { recordAudit } from "@/lib/audit/record";
import type { DbClient } from "@/lib/db/create-client";

// "Sign out everywhere": every session token carries the account's session version
// (lib/auth/config.ts); raising it ends them all on their next request (lib/auth/guards.ts).
// Password changes and resets raise it in the same update as the new hash
// (lib/admin/password-links.ts).

type Writer = Pick<DbClient, "user" | "auditLog">;

/** Ends every session of `user` (this one included); staff get an audit entry. */
export async function endAllSessions(db: Writer, user: { id: string; email: string; role: string }): Promise<void> {
  await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
  if (user.role !== "customer") await recordAudit({ actor: { id: user.id, email: user.email }, action: "staff.sign_out_everywhere", targetType: "user", targetId: user.id }, db);
}
