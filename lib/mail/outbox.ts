import type { DbClient } from "@/lib/db";
import type { MailOutbox, Prisma } from "@/lib/db/generated/sqlite/client";

// Outgoing mail, durable (docs/mail.md "The outbox"): a mail is first a MailOutbox row, written
// in the same transaction as the event that causes it (queueMail takes the caller's
// transaction), so it is never lost on a restart and never exists without its cause. The worker
// delivers due rows (deliverQueuedMail: leased, retried with backoff, marked sent right after
// the server accepts it); without an SMTP server a row is kept for staff. Nothing here ever
// fails an order: delivery runs apart from the order's own work.
//
// This file writes mail (it is imported by the order core, in every process that moves an
// order); ./delivery.ts sends it; ./seal.ts seals mail that carries a credential.

/**
 * `sealed`: body, html and qrText were sealed by sealMail (./seal.ts): the mail carries a
 * credential (a one-time link, an activation code). `qrText` is drawn as the HTML's inline QR
 * image when the mail is sent (./layout.ts renderMail gives it).
 */
export type OutgoingMail = {
  to: string;
  subject: string;
  body: string;
  html?: string | null;
  qrText?: string | null;
  kind: string;
  orderId?: string | null;
  sealed?: boolean;
};

type Writer = Pick<DbClient, "mailOutbox"> | Prisma.TransactionClient;

/** Writes a mail to the outbox, due at once; pass the transaction that records its cause. */
export async function queueMail(db: Writer, mail: OutgoingMail, now: Date = new Date()): Promise<MailOutbox> {
  return db.mailOutbox.create({
    data: {
      to: mail.to,
      subject: mail.subject,
      body: mail.body,
      html: mail.html ?? null,
      qrText: mail.qrText ?? null,
      sealed: mail.sealed === true,
      kind: mail.kind,
      orderId: mail.orderId ?? null,
      status: "queued",
      nextAttemptAt: now,
    },
  });
}
