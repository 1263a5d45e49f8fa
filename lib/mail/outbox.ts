import "server-only";
import type { DbClient } from "@/lib/db";
import type { MailOutbox } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";

// Outgoing mail: every message is first written to the MailOutbox table (what was sent, to
// whom, when — visible to staff and kept across restarts), then handed to the transport. The
// only transport today is the log: it records that the message would go out (recipient and
// subject, never the body, which may carry a redemption code) and marks it sent. An SMTP
// transport can replace `deliver` later and pick up unsent rows (sentAt null). docs/admin.md.

export type OutgoingMail = { to: string; subject: string; body: string; kind: string; orderId?: string };

export async function sendMail(db: DbClient, mail: OutgoingMail): Promise<MailOutbox> {
  const row = await db.mailOutbox.create({ data: { to: mail.to, subject: mail.subject, body: mail.body, kind: mail.kind, orderId: mail.orderId } });
  return deliver(db, row);
}

async function deliver(db: DbClient, row: MailOutbox): Promise<MailOutbox> {
  logger.info({ mailId: row.id, kind: row.kind, orderId: row.orderId, subject: row.subject }, "mail (log transport): not sent by SMTP, recorded in the outbox");
  return db.mailOutbox.update({ where: { id: row.id }, data: { transport: "log", sentAt: new Date() } });
}
