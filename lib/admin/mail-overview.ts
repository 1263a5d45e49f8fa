import type { DbClient } from "@/lib/db/create-client";

// The outbox as staff watch it (/admin/mail): how many mails wait, and the ones that could not
// be sent (each opens its order, where it can be sent again).

export type MailOverview = {
  waiting: number;
  failed: number;
  sentLastDay: number;
  problems: Array<{
    id: string;
    to: string;
    subject: string;
    status: string;
    attempts: number;
    error: string | null;
    createdAt: Date;
    orderRef: string | null;
  }>;
};

export async function mailOverview(db: DbClient, now = new Date()): Promise<MailOverview> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  const [waiting, failed, sentLastDay, problems] = await Promise.all([
    db.mailOutbox.count({ where: { status: { in: ["queued", "sending"] } } }),
    db.mailOutbox.count({ where: { status: "failed" } }),
    db.mailOutbox.count({ where: { status: "sent", sentAt: { gte: dayAgo } } }),
    db.mailOutbox.findMany({
      where: { OR: [{ status: "failed" }, { status: { in: ["queued", "sending"] }, attempts: { gt: 0 } }] },
      orderBy: { createdAt: "desc" },
      take: 50,
      select: {
        id: true,
        to: true,
        subject: true,
        status: true,
        attempts: true,
        error: true,
        createdAt: true,
        orderId: true,
      },
    }),
  ]);
  const orderIds = [...new Set(problems.map((p) => p.orderId).filter((id): id is string => id !== null))];
  const orders = orderIds.length
    ? await db.order.findMany({ where: { id: { in: orderIds } }, select: { id: true, ref: true } })
    : [];
  const refOf = new Map(orders.map((o) => [o.id, o.ref]));
  return {
    waiting,
    failed,
    sentLastDay,
    problems: problems.map(({ orderId, ...p }) => ({ ...p, orderRef: orderId ? (refOf.get(orderId) ?? null) : null })),
  };
}
