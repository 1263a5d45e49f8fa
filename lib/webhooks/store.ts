import { randomUUID } from "node:crypto";
import type { DbClient } from "@/lib/db/create-client";
import type { WebhookReceipt } from "@/lib/db/generated/sqlite/client";
import { runUnlessBusy, sqliteDateTime, sqliteStatement } from "@/lib/db/sqlite-statement";
import { peekBody } from "./peek";
import { REJECTED_PREFIX_BYTES } from "./read-body";
import { redactDeliveredSecrets } from "./redact";

// Durable receipts of webhook deliveries (docs/orders.md "Commerce webhook receiver"): every
// delivery is written down before it is answered: the headers (minus credentials), the body's
// size, whether its signature held, and the raw body: exactly as received when verified, only
// its first 1 KiB when not (anyone can post to the route, so a rejected delivery must cost the
// database next to nothing). The event id is set only on verified receipts, so the unique
// (provider, eventId) decides which delivery of an event is the one that gets processed, even
// when two arrive at the same instant, and a forged copy can never block the real event.
//
// A verified receipt is one insert and nothing else before the answer: what the body is about
// (eventType, upstreamOrderId) is read from it by the processing attempt, after the answer,
// and written with its outcome (finishReceipt). `processedAt` is the time of the latest
// processing attempt: when it began while the receipt is "received", when it ended otherwise.
// It times the retries (sweep.ts) and tells a receipt being processed from one left by a crash.

/** Header names never stored: credentials a proxy or a misconfigured sender might add. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$|secret|token|api-?key|password/i;

export function headersForStorage(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) if (!SECRET_HEADER.test(name)) kept[name] = value;
  return kept;
}

export type ReceiptInput = { provider: string; headers: Headers; rawBody: string };

/** The first `maxBytes` of `text` (UTF-8), never cutting a character in two. */
export function utf8Prefix(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.byteLength <= maxBytes) return text;
  let end = maxBytes;
  // Step back over continuation bytes (10xxxxxx) to the start of the cut character.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString("utf8");
}

/**
 * A delivery whose signature did not hold (or could not be checked), or that was too large to
 * read. Never has an event id. Keeps at most the first 1 KiB of the body (`bodyTruncated` when
 * cut), with secrets a captured real delivery might carry redacted, and the full size in
 * `bodyBytes` (for a refused oversize body, the size known when reading stopped).
 */
export async function storeRejected(
  db: DbClient,
  input: ReceiptInput & { reason: string; eventType?: string | null; bodyBytes?: number },
): Promise<WebhookReceipt> {
  const bodyBytes = input.bodyBytes ?? Buffer.byteLength(input.rawBody, "utf8");
  const prefix = utf8Prefix(input.rawBody, REJECTED_PREFIX_BYTES);
  return db.webhookReceipt.create({
    data: {
      provider: input.provider,
      eventId: null,
      eventType: input.eventType ?? null,
      headers: headersForStorage(input.headers),
      rawBody: redactDeliveredSecrets(prefix),
      bodyBytes,
      bodyTruncated: Buffer.byteLength(prefix, "utf8") < bodyBytes,
      verified: false,
      verifyError: input.reason,
      status: "rejected",
      attempts: 0,
    },
  });
}

export type StoredVerified = { kind: "new"; receipt: WebhookReceipt } | { kind: "seen"; receipt: WebhookReceipt };

/**
 * A receipt id in the shape of Prisma's cuid() default (the raw insert below sets it itself): "c",
 * time, 62 random bits (a UUID's last 16 hex digits). From randomUUID, which Node draws from a pool: randomBytes asked the
 * system for 8 bytes on every delivery.
 */
export function newReceiptId(now: Date): string {
  return `c${now.getTime().toString(36)}${randomUUID().replaceAll("-", "").slice(-16)}`;
}

/**
 * A verified delivery: a new receipt (status received, first attempt), or the receipt already
 * holding this event id. eventType and upstreamOrderId are left for processing to fill in
 * unless the caller already has them.
 *
 * One plain INSERT … ON CONFLICT DO NOTHING (the same SQL on SQLite and PostgreSQL), not
 * Prisma's create: the ORM's create cost about four times the database's own work per delivery
 * (measured), and the row is known before it is written, so nothing needs reading back.
 * On SQLite the statement is prepared on the driver itself (Prisma's raw query still cost ten
 * times the insert), through Prisma when that connection would have to wait for the lock.
 * A conflict on (provider, eventId) means the event was received before: that receipt is read.
 */
export async function storeVerified(
  db: DbClient,
  input: ReceiptInput & {
    eventId: string;
    eventType?: string | null;
    connectionId?: string | null;
    upstreamOrderId?: string | null;
    now?: Date;
  },
): Promise<StoredVerified> {
  const receivedAt = input.now ?? new Date();
  const receipt: WebhookReceipt = {
    id: newReceiptId(receivedAt),
    provider: input.provider,
    eventId: input.eventId,
    eventType: input.eventType ?? null,
    connectionId: input.connectionId ?? null,
    upstreamOrderId: input.upstreamOrderId ?? null,
    headers: headersForStorage(input.headers),
    rawBody: input.rawBody,
    bodyBytes: Buffer.byteLength(input.rawBody, "utf8"),
    bodyTruncated: false,
    verified: true,
    verifyError: null,
    status: "received",
    error: null,
    attempts: 1,
    receivedAt,
    processedAt: null,
  };
  const inserted = (await insertVerifiedReceipt(db, receipt)) === 1;
  if (inserted) return { kind: "new", receipt };
  const seen = await db.webhookReceipt.findUniqueOrThrow({
    where: { provider_eventId: { provider: input.provider, eventId: input.eventId } },
  });
  return { kind: "seen", receipt: seen };
}

const INSERT_VERIFIED = `INSERT INTO "WebhookReceipt" ("id", "provider", "eventId", "eventType", "connectionId", "upstreamOrderId", "headers", "rawBody", "bodyBytes", "bodyTruncated", "verified", "attempts", "receivedAt")
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1, 1, ?)
  ON CONFLICT ("provider", "eventId") DO NOTHING`;

/** Rows inserted (0: the event id is taken). status is left to its column default ("received"): a PostgreSQL enum would need a cast. */
async function insertVerifiedReceipt(db: DbClient, receipt: WebhookReceipt): Promise<number> {
  const { id, provider, eventId, eventType, connectionId, upstreamOrderId, rawBody, bodyBytes, receivedAt } = receipt;
  const headers = JSON.stringify(receipt.headers);
  const statement = sqliteStatement(db, INSERT_VERIFIED);
  const done =
    statement &&
    runUnlessBusy(statement, [
      id,
      provider,
      eventId,
      eventType,
      connectionId,
      upstreamOrderId,
      headers,
      rawBody,
      bodyBytes,
      sqliteDateTime(receivedAt),
    ]);
  if (done) return done.changes;
  return db.$executeRaw`
    INSERT INTO "WebhookReceipt" ("id", "provider", "eventId", "eventType", "connectionId", "upstreamOrderId", "headers", "rawBody", "bodyBytes", "bodyTruncated", "verified", "attempts", "receivedAt")
    VALUES (${id}, ${provider}, ${eventId}, ${eventType}, ${connectionId}, ${upstreamOrderId}, ${headers}, ${rawBody}, ${bodyBytes}, ${false}, ${true}, ${1}, ${receivedAt})
    ON CONFLICT ("provider", "eventId") DO NOTHING`;
}

/**
 * A repeated delivery of an event already received: kept for the record, never processed, so
 * without the secrets it delivered (the receipt holding the event id has them while needed).
 */
export async function storeDuplicate(
  db: DbClient,
  input: ReceiptInput & { eventType: string | null; connectionId?: string | null; upstreamOrderId?: string | null },
): Promise<WebhookReceipt> {
  return db.webhookReceipt.create({
    data: {
      provider: input.provider,
      eventId: null,
      eventType: input.eventType,
      connectionId: input.connectionId ?? null,
      upstreamOrderId: input.upstreamOrderId ?? null,
      headers: headersForStorage(input.headers),
      rawBody: redactDeliveredSecrets(input.rawBody),
      bodyBytes: Buffer.byteLength(input.rawBody, "utf8"),
      verified: true,
      status: "duplicate",
      attempts: 0,
    },
  });
}

/**
 * A receipt in "received" whose attempt began longer ago than this was left by a crash (or a
 * lost after-the-answer task) and may be processed again. Processing takes milliseconds; this
 * is also the lease of an attempt: nobody else takes the receipt while it runs.
 */
export const STUCK_AFTER_MS = 60_000;

/** Marks a permanent failure's error: retrying cannot help, so the sweep leaves it to staff. */
export const PERMANENT_ERROR_PREFIX = "permanent: ";

/** When the latest processing attempt began or ended (receivedAt for a receipt never attempted since it was stored). */
export function lastAttemptAt(receipt: Pick<WebhookReceipt, "processedAt" | "receivedAt">): Date {
  return receipt.processedAt ?? receipt.receivedAt;
}

/**
 * Takes a failed or unmatched receipt (or one stuck in "received") for another processing
 * attempt. Conditional on the status and attempt count just read, so of two claims (a replay,
 * a redelivery, the sweeps of two instances) only one runs; the winner's claim time
 * (processedAt) keeps the others off it for STUCK_AFTER_MS.
 */
export async function claimForRetry(db: DbClient, receipt: WebhookReceipt, now: Date): Promise<WebhookReceipt | null> {
  const retryable =
    receipt.verified &&
    (receipt.status === "failed" ||
      receipt.status === "unmatched" ||
      (receipt.status === "received" && now.getTime() - lastAttemptAt(receipt).getTime() > STUCK_AFTER_MS));
  if (!retryable) return null;
  const claimed = await db.webhookReceipt.updateMany({
    where: { id: receipt.id, status: receipt.status, attempts: receipt.attempts },
    data: { status: "received", attempts: { increment: 1 }, error: null, processedAt: now },
  });
  return claimed.count === 1 ? db.webhookReceipt.findUniqueOrThrow({ where: { id: receipt.id } }) : null;
}

/**
 * Records the outcome of a processing attempt, with the time it ended and, the first time,
 * what the body is about (peekBody). `note` explains a processed (or unmatched) receipt that
 * changed nothing. A processed receipt can never be replayed, so the secrets it delivered (now
 * on the order) are removed from its body; failed and unmatched ones keep the whole body for
 * their replay. A permanent failure's error starts with PERMANENT_ERROR_PREFIX.
 */
export async function finishReceipt(
  db: DbClient,
  receipt: Pick<WebhookReceipt, "id" | "rawBody" | "provider" | "eventType" | "upstreamOrderId">,
  outcome:
    { status: "processed" | "unmatched"; note?: string } | { status: "failed"; error: string; permanent?: boolean },
  now: Date,
): Promise<void> {
  const redacted = outcome.status === "processed" ? redactDeliveredSecrets(receipt.rawBody) : receipt.rawBody;
  const about =
    receipt.eventType === null && receipt.upstreamOrderId === null ? peekBody(receipt.provider, receipt.rawBody) : {};
  // updateMany: nothing is read back (an update would return the whole row, body included).
  await db.webhookReceipt.updateMany({
    where: { id: receipt.id },
    data:
      outcome.status === "failed"
        ? {
            ...about,
            status: "failed",
            processedAt: now,
            error: `${outcome.permanent ? PERMANENT_ERROR_PREFIX : ""}${outcome.error}`.slice(0, 2000),
          }
        : {
            ...about,
            status: outcome.status,
            processedAt: now,
            error: outcome.note ? `note: ${outcome.note}` : null,
            ...(redacted !== receipt.rawBody ? { rawBody: redacted } : {}),
          },
  });
}
