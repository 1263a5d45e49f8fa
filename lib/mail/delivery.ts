import type { DbClient } from "@/lib/db";
import type { MailOutbox } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { qrPng } from "@/lib/ui/qr-png";
import { QR_CONTENT_ID } from "./layout";
import { queueMail, type OutgoingMail } from "./outbox";
import { openMailText, SENT_SEALED_NOTE } from "./seal";
import type { InlineImage, MailTransport } from "./transport";

// Delivering the outbox (docs/mail.md): the worker calls deliverQueuedMail every round; staff
// actions that send at once call sendMail. Each attempt claims its row for a lease, so two
// workers never send the same mail; a refusal or a network error is retried with backoff, and
// after MAX_ATTEMPTS the mail waits for staff ("failed", resendable).

/** Attempts before a mail waits for staff. */
export const MAX_ATTEMPTS = 8;
/** How long an attempt holds its row: a send that takes longer (it has a 30 s socket timeout) is a lost attempt. */
export const SEND_LEASE_MS = 2 * 60_000;
/** Waits before the 2nd, 3rd, … attempt; the last one repeats. */
const BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 2 * 60 * 60_000, 4 * 60 * 60_000];

export function retryDelayMs(attemptsMade: number): number {
  return BACKOFF_MS[Math.min(Math.max(attemptsMade - 1, 0), BACKOFF_MS.length - 1)]!;
}

export type Mailer = { transport: MailTransport | null; from: string };

export type DeliveryRun = { sent: number; retrying: number; failed: number; logged: number };

/**
 * Delivers up to `limit` due mails (or only `ids`): queued ones whose time has come, and ones
 * whose attempt's lease ran out (a crash mid-send).
 */
export async function deliverQueuedMail(
  db: DbClient,
  mailer: Mailer,
  options: { now?: Date; limit?: number; ids?: string[] } = {},
): Promise<DeliveryRun> {
  const now = options.now ?? new Date();
  const run: DeliveryRun = { sent: 0, retrying: 0, failed: 0, logged: 0 };
  const due = await db.mailOutbox.findMany({
    where: {
      ...(options.ids && { id: { in: options.ids } }),
      OR: [
        { status: "queued", nextAttemptAt: { lte: now } },
        { status: "sending", leaseUntil: { lt: now } },
      ],
    },
    orderBy: { nextAttemptAt: "asc" },
    take: options.limit ?? 20,
    select: { id: true, status: true, attempts: true },
  });
  for (const candidate of due) {
    const claimed = await claim(db, candidate, now);
    if (!claimed) continue;
    const outcome = await attempt(db, claimed, mailer, now);
    run[outcome] += 1;
  }
  return run;
}

/** Takes a row for one attempt, conditional on what was read: of two workers, one wins. */
async function claim(
  db: DbClient,
  row: Pick<MailOutbox, "id" | "status" | "attempts">,
  now: Date,
): Promise<MailOutbox | null> {
  const taken = await db.mailOutbox.updateMany({
    where: { id: row.id, status: row.status, attempts: row.attempts },
    data: { status: "sending", attempts: { increment: 1 }, leaseUntil: new Date(now.getTime() + SEND_LEASE_MS) },
  });
  return taken.count === 1 ? db.mailOutbox.findUnique({ where: { id: row.id } }) : null;
}

async function attempt(db: DbClient, row: MailOutbox, mailer: Mailer, now: Date): Promise<keyof DeliveryRun> {
  if (!mailer.transport) {
    // A sealed mail stays sealed: its link was shown to whoever asked for it (an admin).
    await db.mailOutbox.update({
      where: { id: row.id },
      data: { status: "sent", transport: "log", sentAt: now, leaseUntil: null, error: null },
    });
    // Never the recipient, subject or body: a guest order's reference and delivered codes live there.
    logger.info(
      { mailId: row.id, kind: row.kind, orderId: row.orderId },
      "mail kept in the outbox: no SMTP server is configured",
    );
    return "logged";
  }
  try {
    const qrText = row.qrText == null ? null : openMailText(row, row.qrText);
    await mailer.transport.send({
      from: mailer.from,
      to: row.to,
      subject: row.subject,
      text: openMailText(row, row.body),
      html: row.html == null ? null : openMailText(row, row.html),
      messageId: messageIdOf(row),
      inlineImages: qrText == null ? [] : [await qrImage(qrText)],
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const exhausted = row.attempts >= MAX_ATTEMPTS;
    await db.mailOutbox.update({
      where: { id: row.id },
      data: exhausted
        ? { status: "failed", leaseUntil: null, error: message.slice(0, 500) }
        : {
            status: "queued",
            leaseUntil: null,
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
            error: message.slice(0, 500),
          },
    });
    logger.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, exhausted, err: message }, "mail not sent");
    return exhausted ? "failed" : "retrying";
  }
  await db.mailOutbox.update({
    where: { id: row.id },
    data: {
      status: "sent",
      transport: mailer.transport.name,
      sentAt: new Date(),
      leaseUntil: null,
      error: null,
      ...(row.sealed && { body: SENT_SEALED_NOTE, html: null, qrText: null }),
    },
  });
  return "sent";
}

/** The mail's QR image (./layout.ts QR_CONTENT_ID). */
async function qrImage(text: string): Promise<InlineImage> {
  return { cid: QR_CONTENT_ID, filename: "qr-code.png", contentType: "image/png", content: await qrPng(text) };
}

/** The same for every attempt at one row, so a copy sent twice after a crash is recognisably one mail. */
export function messageIdOf(row: Pick<MailOutbox, "id">): string {
  return `<${row.id}@outbox.reseller-shop>`;
}

/** Staff's "resend": a new outbox row with the same content, due at once (not for mail that carried a credential: issue a new link instead). */
export async function resendMail(db: DbClient, mailId: string): Promise<MailOutbox | null> {
  const original = await db.mailOutbox.findUnique({ where: { id: mailId } });
  if (!original || original.sealed) return null;
  return queueMail(db, {
    to: original.to,
    subject: original.subject,
    body: original.body,
    html: original.html,
    qrText: original.qrText,
    kind: original.kind,
    orderId: original.orderId,
  });
}

/**
 * Queues a mail and delivers it at once (staff actions, requests outside an order's
 * transaction); if that attempt fails, the worker retries it. Answers the row as it now stands.
 */
export async function sendMail(db: DbClient, mail: OutgoingMail, mailer: Mailer): Promise<MailOutbox> {
  const row = await queueMail(db, mail);
  await deliverQueuedMail(db, mailer, { ids: [row.id] }).catch((error: unknown) =>
    logger.warn(
      { mailId: row.id, err: error instanceof Error ? error.message : String(error) },
      "mail queued; its first attempt failed",
    ),
  );
  return (await db.mailOutbox.findUnique({ where: { id: row.id } })) ?? row;
}
