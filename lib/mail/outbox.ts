import type { DbClient } from "@/lib/db";
import type { MailOutbox, Prisma } from "@/lib/db/generated/sqlite/client";

// Outgoing mail, durable (docs/mail.md): a mail is first a MailOutbox row, written in the same
// transaction as the event that causes it (queueMail takes the caller's transaction), so it is
// never lost on a restart and never exists without its cause. The worker delivers due rows
// (deliverQueuedMail): each attempt holds its row for a lease, so two workers never send the
// same mail; a refusal or a network error is retried with backoff, and after MAX_ATTEMPTS the
// mail waits for staff ("failed", resendable). Nothing here ever fails an order: delivery runs
// apart from the order's own work.
//
// Exactly once, as far as SMTP allows: a row is marked sent right after the server accepted
// it. A crash between the two (milliseconds) sends it again after the lease, with the same
// Message-ID, which mail clients use to drop the copy.
//
// Without an SMTP server (no SMTP_URL and no local catcher), mail is not sent: the row is
// marked with the "log" transport and kept for staff, who read it on the order page; links it
// carries (invitations, resets) are also shown to the admin who asked for them.
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
