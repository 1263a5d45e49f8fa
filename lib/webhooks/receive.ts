import type { DbClient } from "@/lib/db/create-client";
import type { WebhookReceipt } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import type { AfterAnswer } from "./after-answer";
import { peekBody } from "./peek";
import { runProcessing, type ReceiptProcessor } from "./processing";
import type { RawBody } from "./read-body";
import { claimForRetry, lastAttemptAt, storeDuplicate, storeRejected, STUCK_AFTER_MS, storeVerified } from "./store";
import { verifyWebhook, type RejectReason } from "./verify";
import type { Webhook } from "standardwebhooks";

// The receiving half of a webhook endpoint, for any sender (commerce API, Stripe): given the
// raw body, the headers and the signature check's verdict, it stores the receipt first and
// answers only after that write (docs/orders.md "Commerce webhook receiver"), with the least
// work before the answer: one insert for a new event, no parsing of the body.
//
//   not verified          → receipt "rejected" (no event id)  → 4xx (503 if no secret is set up)
//   verified, new event   → receipt "received"                 → 200, then processed after the answer
//   verified, event seen  → receipt "duplicate" (no event id)  → 200, nothing processed
//                           (a failed, unmatched or stuck receipt is claimed and processed again instead)
//
// Processing runs after the answer (afterAnswer: Next's after() in the routes) and ends the
// receipt processed, unmatched or failed. Its failure cannot be answered any more, so the shop
// retries by itself: the worker's sweep (sweep.ts) takes failed receipts again with backoff, and
// receipts left "received" by a crash; a redelivery of a failed event by the sender, or staff's
// replay (replayReceipt), processes it at once. A payload that can never be processed (not
// JSON, not the contract) fails permanently and waits for staff. Answers are JSON; errors are
// { error: { code, message } }.

export {
  PermanentProcessingError,
  runProcessing,
  type ProcessNote,
  type ProcessOutcome,
  type ReceiptProcessor,
} from "./processing";

/** A verified delivery names its event and, for upstream senders, the connection whose secret verified it. */
export type Verification =
  | { ok: true; eventId: string; connectionId?: string | null }
  | { ok: false; code: string; status: 400 | 401 | 503; message: string };

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

export type WebhookInput = {
  provider: string;
  rawBody: string;
  headers: Headers;
  verification: Verification;
  process: ReceiptProcessor;
  /** Where processing goes once the answer is out (the routes: afterAnswer in after-answer.ts). */
  afterAnswer: AfterAnswer;
  now?: () => Date;
};

export { MAX_BODY_BYTES, readRawBody, type RawBody } from "./read-body";

export function errorAnswer(status: number, code: string, message: string): WebhookAnswer {
  return { status, body: { error: { code, message } } };
}

export async function receiveWebhook(db: DbClient, input: WebhookInput): Promise<WebhookAnswer> {
  const now = input.now ?? (() => new Date());
  const { provider, rawBody, headers, verification } = input;
  if (!verification.ok) {
    // Rejected deliveries keep what their body claims to be about, for the record.
    await storeRejected(db, {
      provider,
      headers,
      rawBody,
      reason: verification.code,
      eventType: peekBody(provider, rawBody).eventType,
    });
    logger.warn({ provider, code: verification.code }, "webhook delivery rejected");
    return errorAnswer(verification.status, verification.code, verification.message);
  }

  const stored = await storeVerified(db, {
    provider,
    headers,
    rawBody,
    eventId: verification.eventId,
    connectionId: verification.connectionId,
  });
  let receipt = stored.receipt;
  if (stored.kind === "seen") {
    const retry = await claimForRetry(db, stored.receipt, now());
    if (!retry) {
      const { eventType, upstreamOrderId } = peekBody(provider, rawBody);
      await storeDuplicate(db, {
        provider,
        headers,
        rawBody,
        eventType,
        connectionId: verification.connectionId,
        upstreamOrderId,
      });
      return { status: 200, body: { received: true, duplicate: true } };
    }
    receipt = retry;
  }

  // Durable now: answered 200 whatever processing makes of it.
  input.afterAnswer(() => processIfStillHeld(db, receipt, input.process, now));
  return { status: 200, body: { received: true } };
}

/**
 * The attempt after the answer holds the receipt only for its lease (STUCK_AFTER_MS from the
 * insert or claim); after that the sweep may take it. One that starts more than half the lease
 * late (a backlog of work after answers) is left to the sweep, so the two never run at once.
 */
async function processIfStillHeld(
  db: DbClient,
  receipt: WebhookReceipt,
  process: ReceiptProcessor,
  now: () => Date,
): Promise<void> {
  const late = now().getTime() - lastAttemptAt(receipt).getTime();
  if (late > STUCK_AFTER_MS / 2) {
    logger.warn(
      { receiptId: receipt.id, lateMs: late },
      "webhook processing after the answer started too late; left to the sweep",
    );
    return;
  }
  await runProcessing(db, receipt, process, now);
}

/**
 * A body refused as larger than the endpoint accepts (readRawBody stopped reading it): recorded
 * as a rejected receipt with its size and first bytes, answered 413.
 */
export async function refuseTooLarge(
  db: DbClient,
  provider: string,
  headers: Headers,
  body: Extract<RawBody, { ok: false }>,
): Promise<WebhookAnswer> {
  await storeRejected(db, {
    provider,
    headers,
    rawBody: body.prefix,
    bodyBytes: body.bytes,
    reason: "payload_too_large",
  });
  logger.warn({ provider, bytes: body.bytes }, "webhook delivery refused: body too large");
  return errorAnswer(413, "payload_too_large", "The body is larger than this endpoint accepts.");
}

const COMMERCE_REJECTIONS: Record<RejectReason, { status: 400 | 401; message: string }> = {
  missing_headers: {
    status: 400,
    message: "The webhook-id, webhook-timestamp and webhook-signature headers are required.",
  },
  bad_signature: { status: 401, message: "The signature does not match this shop's webhook secret." },
  stale_timestamp: { status: 400, message: "The webhook timestamp is more than 5 minutes old." },
  future_timestamp: { status: 400, message: "The webhook timestamp is more than 5 minutes in the future." },
};

/**
 * The commerce API's Standard Webhooks signature, checked with the shop's stored secret or its
 * verifier (null: none set up). The secret belongs to one subscription, held by one connection's account.
 */
export function verifyCommerceDelivery(
  rawBody: string,
  headers: Headers,
  secret: string | Webhook | null,
  connectionId: string | null = null,
): Verification {
  if (!secret) {
    return {
      ok: false,
      code: "webhook_not_configured",
      status: 503,
      message: "This shop has no webhook signing secret yet; the delivery cannot be verified.",
    };
  }
  const result = verifyWebhook(rawBody, headers, secret);
  if (result.ok) return { ok: true, eventId: result.eventId, connectionId };
  const code =
    result.reason === "bad_signature"
      ? "invalid_signature"
      : result.reason === "missing_headers"
        ? "missing_signature"
        : result.reason;
  return { ok: false, code, ...COMMERCE_REJECTIONS[result.reason] };
}
