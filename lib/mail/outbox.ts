import "server-only";
import type { DbClient } from "@/lib/db";
import type { MailOutbox } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";

// Outgoing mail: every message is first written to the MailOutbox table (what was sent, to
// whom, when — visible to staff and kept across restarts), then handed to the transport. The
// only transport today is the log: it records that a message of this kind went out (its id,
// kind and order id; never the recipient, the subject, which names a guest order's reference
// — the key to its order page — nor the body, which may carry a redemption code) and marks it
// sent; the outbox row, shown to staff only, keeps the whole message. An SMTP
// transport can replace `deliver` later and pick up unsent rows (sentAt null). docs/admin.md.

export type OutgoingMail = { to: string; subject: string; body: string; kind: string; orderId?: string };

export async function sendMail(db: DbClient, mail: OutgoingMail): Promise<MailOutbox> {
  const row = await db.mailOutbox.create({ data: { to: mail.to, subject: mail.subject, body: mail.body, kind: mail.kind, orderId: mail.orderId } });
  return deliver(db, row);
}

async function deliver(db: DbClient, row: MailOutbox): Promise<MailOutbox> {
  logger.info({ mailId: row.id, kind: row.kind, orderId: row.orderId }, "mail (log transport): not sent by SMTP, recorded in the outbox");
  return db.mailOutbox.update({ where: { id: row.id }, data: { transport: "log", sentAt: new Date() } });
}
