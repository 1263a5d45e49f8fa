import "server-only";
import type { DbClient } from "@/lib/db";

export const AUDIT_PAGE_SIZE = 50;

/** Audit entries, newest first, optionally one action (`order.refund`) or one actor's email. */
export async function listAudit(
  db: DbClient,
  { action, actor, page }: { action?: string; actor?: string; page: number },
) {
  const where = {
    ...(action ? { action } : {}),
    ...(actor ? { actorEmail: { contains: actor.toLowerCase() } } : {}),
  };
  const total = await db.auditLog.count({ where });
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db.auditLog.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (current - 1) * AUDIT_PAGE_SIZE,
    take: AUDIT_PAGE_SIZE,
  });
  const actions = (
    await db.auditLog.findMany({ distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } })
  ).map((a) => a.action);
  // Order targets link to the order page by reference.
  const orderIds = rows.filter((r) => r.targetType === "order" && r.targetId).map((r) => r.targetId!);
  const refs = new Map(
    (orderIds.length
      ? await db.order.findMany({ where: { id: { in: orderIds } }, select: { id: true, ref: true } })
      : []
    ).map((o) => [o.id, o.ref]),
  );
  return { rows, total, page: current, pages, actions, refs };
}
