import type { DbClient } from "@/lib/db/create-client";
import type { WebhookReceipt } from "@/lib/db/generated/sqlite/client";
import { isUniqueViolation } from "@/lib/db/errors";

// Durable receipts of webhook deliveries (DESIGN.md "Webhook receiver"): every delivery is
// written down before it is answered: the raw body exactly as received, the headers (minus
// credentials), and whether its signature held. The event id is set only on verified
// receipts, so the unique (provider, eventId) decides which delivery of an event is the one
// that gets processed, even when two arrive at the same instant, and a forged copy can never
// block the real event.

/** Header names never stored: credentials a proxy or a misconfigured sender might add. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$|secret|token|api-?key|password/i;

export function headersForStorage(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) if (!SECRET_HEADER.test(name)) kept[name] = value;
  return kept;
}

export type ReceiptInput = { provider: string; headers: Headers; rawBody: string };

/** A delivery whose signature did not hold (or could not be checked). Never has an event id. */
export async function storeRejected(db: DbClient, input: ReceiptInput & { reason: string; eventType?: string | null }): Promise<WebhookReceipt> {
  return db.webhookReceipt.create({
    data: {
      provider: input.provider,
      eventId: null,
      eventType: input.eventType ?? null,
      headers: headersForStorage(input.headers),
      rawBody: input.rawBody,
      verified: false,
      verifyError: input.reason,
      status: "rejected",
      attempts: 0,
    },
  });
}

export type StoredVerified = { kind: "new"; receipt: WebhookReceipt } | { kind: "seen"; receipt: WebhookReceipt };

/** A verified delivery: a new receipt (status received, first attempt), or the receipt already holding this event id. */
export async function storeVerified(db: DbClient, input: ReceiptInput & { eventId: string; eventType: string | null; connectionId?: string | null }): Promise<StoredVerified> {
  try {
    const receipt = await db.webhookReceipt.create({
      data: {
        provider: input.provider,
        eventId: input.eventId,
        eventType: input.eventType,
        connectionId: input.connectionId ?? null,
        headers: headersForStorage(input.headers),
        rawBody: input.rawBody,
        verified: true,
        status: "received",
        attempts: 1,
      },
    });
    return { kind: "new", receipt };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const receipt = await db.webhookReceipt.findUniqueOrThrow({ where: { provider_eventId: { provider: input.provider, eventId: input.eventId } } });
    return { kind: "seen", receipt };
  }
}

/** A repeated delivery of an event already received: kept for the record, never processed. */
export async function storeDuplicate(db: DbClient, input: ReceiptInput & { eventType: string | null }): Promise<WebhookReceipt> {
  return db.webhookReceipt.create({
    data: {
      provider: input.provider,
      eventId: null,
      eventType: input.eventType,
      headers: headersForStorage(input.headers),
      rawBody: input.rawBody,
      verified: true,
      status: "duplicate",
      attempts: 0,
    },
  });
}

/** A receipt stuck in "received" longer than this was left by a crash and may be processed again. */
export const STUCK_AFTER_MS = 60_000;

/**
 * Takes a failed receipt (or one stuck in "received") for another processing attempt.
 * Conditional on the status and attempt count just read, so of two replays only one runs.
 */
export async function claimForRetry(db: DbClient, receipt: WebhookReceipt, now: Date): Promise<WebhookReceipt | null> {
  const retryable = receipt.verified && (receipt.status === "failed" || receipt.status === "unmatched" || (receipt.status === "received" && now.getTime() - receipt.receivedAt.getTime() > STUCK_AFTER_MS));
  if (!retryable) return null;
  const claimed = await db.webhookReceipt.updateMany({
    where: { id: receipt.id, status: receipt.status, attempts: receipt.attempts },
    data: { status: "received", attempts: { increment: 1 }, error: null },
  });
  return claimed.count === 1 ? db.webhookReceipt.findUniqueOrThrow({ where: { id: receipt.id } }) : null;
}

/** Records the outcome of a processing attempt. `note` explains a processed (or unmatched) receipt that changed nothing. */
export async function finishReceipt(
  db: DbClient,
  id: string,
  outcome: { status: "processed" | "unmatched"; note?: string } | { status: "failed"; error: string },
  now: Date,
): Promise<void> {
  await db.webhookReceipt.update({
    where: { id },
    data:
      outcome.status === "failed"
        ? { status: "failed", error: outcome.error.slice(0, 2000) }
        : { status: outcome.status, processedAt: now, error: outcome.note ? `note: ${outcome.note}` : null },
  });
}
