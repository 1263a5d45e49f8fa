import "server-only";
import { db } from "@/lib/db";

/** The part of a Prisma client (or transaction) the recorder needs. */
type AuditWriter = Pick<typeof db, "auditLog">;

export type AuditEntry = {
  /** Who did it: a staff member, or a command run on the server (`id` null, `email` names it). */
  actor: { id: string | null; email: string };
  /** What was done, as `area.verb`: `staff.create`, `order.unlock_nowait`, `pricing.update`. */
  action: string;
  targetType?: string;
  targetId?: string;
  /** For changed settings: the value before and after (secrets must be redacted by the caller). */
  before?: unknown;
  after?: unknown;
};

/**
 * Appends one audit log row. Call it in the same transaction as the change where there is one,
 * so a change is never stored without its audit entry.
 */
export async function recordAudit(entry: AuditEntry, writer: AuditWriter = db): Promise<void> {
  await writer.auditLog.create({
    data: {
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      // JSON columns: undefined leaves the column NULL.
      before: entry.before === undefined ? undefined : (JSON.parse(JSON.stringify(entry.before)) as object),
      after: entry.after === undefined ? undefined : (JSON.parse(JSON.stringify(entry.after)) as object),
    },
  });
}
