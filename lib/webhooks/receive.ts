import type { DbClient } from "@/lib/db/create-client";
import type { WebhookReceipt } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { peekBody } from "./peek";
import type { RawBody } from "./read-body";
import { claimForRetry, finishReceipt, storeDuplicate, storeRejected, storeVerified } from "./store";
import { verifyWebhook, type RejectReason } from "./verify";

// The receiving half of a webhook endpoint, for any sender (commerce API, Stripe): given the
// raw body, the headers and the signature check's verdict, it stores the receipt first and
// answers only after that write (DESIGN.md "Webhook receiver"):
//
//   not verified          → receipt "rejected" (no event id)          → 4xx (503 if no secret is set up)
//   verified, new event   → receipt "received" → processed | failed  → 200 | 503 (400 for a malformed payload)
//   verified, event seen  → receipt "duplicate" (no event id)         → 200, nothing processed
//
// A failed event is retried when the sender delivers it again (its retry schedule becomes an
// automatic replay); staff can replay it too (replayReceipt). The same goes for a receipt left
// in "received" by a crash. Answers are JSON; errors are { error: { code, message } }.
//
// The processor is the sender's (commerce: lib/webhooks/process.ts; Stripe:
// lib/payments/stripe/webhook.ts), handed in by the route. It reads the receipt's raw body
// (already verified) and applies it; it must be idempotent and safe out of order, because a
// receipt can be processed again (replay, a crash half-way). What happened is written on the
// receipt: processed (with a note when nothing changed) or failed with the error, which stays
// visible to staff until a replay succeeds.

/**
 * What a processor reports: an optional note, and `unmatched` when the event is about no order
 * of its connection (kept as "unmatched" for staff, applied to nothing, replayable).
 */
export type ProcessNote = { note?: string; unmatched?: boolean };

export type ReceiptProcessor = (db: DbClient, receipt: WebhookReceipt) => Promise<ProcessNote>;

/** The payload can never be processed as it is (not JSON, not the contract): retrying will not help. */
export class PermanentProcessingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentProcessingError";
  }
}

export type ProcessOutcome = { ok: true; note?: string } | { ok: false; error: string; permanent: boolean };

export async function runProcessing(db: DbClient, receipt: WebhookReceipt, process: ReceiptProcessor, now: () => Date = () => new Date()): Promise<ProcessOutcome> {
  let result: ProcessNote;
  try {
    result = await process(db, receipt);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof PermanentProcessingError;
    logger.warn({ err: error, receiptId: receipt.id, provider: receipt.provider, eventId: receipt.eventId, permanent }, "webhook processing failed");
    await finishReceipt(db, receipt, { status: "failed", error: message }, now());
    return { ok: false, error: message, permanent };
  }
  await finishReceipt(db, receipt, { status: result.unmatched ? "unmatched" : "processed", note: result.note }, now());
  return { ok: true, note: result.note };
}

/** A verified delivery names its event and, for upstream senders, the connection whose secret verified it. */
export type Verification = { ok: true; eventId: string; connectionId?: string | null } | { ok: false; code: string; status: 400 | 401 | 503; message: string };

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

export type WebhookInput = {
  provider: string;
  rawBody: string;
  headers: Headers;
  verification: Verification;
  process: ReceiptProcessor;
  now?: () => Date;
};

export { MAX_BODY_BYTES, readRawBody, type RawBody } from "./read-body";

export function errorAnswer(status: number, code: string, message: string): WebhookAnswer {
  return { status, body: { error: { code, message } } };
}

export async function receiveWebhook(db: DbClient, input: WebhookInput): Promise<WebhookAnswer> {
  const now = input.now ?? (() => new Date());
  const { provider, rawBody, headers, verification } = input;
  const { eventType, upstreamOrderId } = peekBody(provider, rawBody);
  if (!verification.ok) {
    await storeRejected(db, { provider, headers, rawBody, reason: verification.code, eventType });
    logger.warn({ provider, code: verification.code }, "webhook delivery rejected");
    return errorAnswer(verification.status, verification.code, verification.message);
  }

  const stored = await storeVerified(db, { provider, headers, rawBody, eventId: verification.eventId, eventType, connectionId: verification.connectionId, upstreamOrderId });
  let receipt = stored.receipt;
  if (stored.kind === "seen") {
    const retry = await claimForRetry(db, stored.receipt, now());
    if (!retry) {
      await storeDuplicate(db, { provider, headers, rawBody, eventType, connectionId: verification.connectionId, upstreamOrderId });
      return { status: 200, body: { received: true, duplicate: true } };
    }
    receipt = retry;
  }

  const result = await runProcessing(db, receipt, input.process, now);
  if (result.ok) return { status: 200, body: { received: true } };
  return result.permanent
    ? errorAnswer(400, "malformed_payload", `The event was received but cannot be processed: ${result.error}`)
    : errorAnswer(503, "processing_failed", "The event was received but processing failed; it will be processed again on the next delivery.");
}

/**
 * A body refused as larger than the endpoint accepts (readRawBody stopped reading it): recorded
 * as a rejected receipt with its size and first bytes, answered 413.
 */
export async function refuseTooLarge(db: DbClient, provider: string, headers: Headers, body: Extract<RawBody, { ok: false }>): Promise<WebhookAnswer> {
  await storeRejected(db, { provider, headers, rawBody: body.prefix, bodyBytes: body.bytes, reason: "payload_too_large" });
  logger.warn({ provider, bytes: body.bytes }, "webhook delivery refused: body too large");
  return errorAnswer(413, "payload_too_large", "The body is larger than this endpoint accepts.");
}

const COMMERCE_REJECTIONS: Record<RejectReason, { status: 400 | 401; message: string }> = {
  missing_headers: { status: 400, message: "The webhook-id, webhook-timestamp and webhook-signature headers are required." },
  bad_signature: { status: 401, message: "The signature does not match this shop's webhook secret." },
  stale_timestamp: { status: 400, message: "The webhook timestamp is more than 5 minutes old." },
  future_timestamp: { status: 400, message: "The webhook timestamp is more than 5 minutes in the future." },
};

/**
 * The commerce API's Standard Webhooks signature, checked with the shop's stored secret (null:
 * none set up). The secret belongs to one subscription, held by one connection's account.
 */
export function verifyCommerceDelivery(rawBody: string, headers: Headers, secret: string | null, connectionId: string | null = null): Verification {
  if (!secret) {
    return { ok: false, code: "webhook_not_configured", status: 503, message: "This shop has no webhook signing secret yet; the delivery cannot be verified." };
  }
  const result = verifyWebhook(rawBody, headers, secret);
  if (result.ok) return { ok: true, eventId: result.eventId, connectionId };
  const code = result.reason === "bad_signature" ? "invalid_signature" : result.reason === "missing_headers" ? "missing_signature" : result.reason;
  return { ok: false, code, ...COMMERCE_REJECTIONS[result.reason] };
}
