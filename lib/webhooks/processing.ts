import type { DbClient } from "@/lib/db/create-client";
import type { WebhookReceipt } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { finishReceipt } from "./store";

// One processing attempt of a stored receipt, whoever starts it: the receiver after its answer,
// the sweep (sweep.ts), a redelivery of a failed event, staff's replay. The processor is the
// sender's (commerce: process.ts; Stripe: lib/payments/stripe/webhook.ts). It reads the
// receipt's raw body (already verified) and applies it; it must be idempotent and safe out of
// order, because a receipt can be processed again (replay, a crash half-way). What happened
// is written on the receipt: processed (with a note when nothing changed) or failed with the
// error, which stays visible to staff until a later attempt succeeds.

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

export async function runProcessing(
  db: DbClient,
  receipt: WebhookReceipt,
  process: ReceiptProcessor,
  now: () => Date = () => new Date(),
): Promise<ProcessOutcome> {
  let result: ProcessNote;
  try {
    result = await process(db, receipt);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof PermanentProcessingError;
    logger.warn(
      { err: error, receiptId: receipt.id, provider: receipt.provider, eventId: receipt.eventId, permanent },
      "webhook processing failed",
    );
    await finishReceipt(db, receipt, { status: "failed", error: message, permanent }, now());
    return { ok: false, error: message, permanent };
  }
  await finishReceipt(db, receipt, { status: result.unmatched ? "unmatched" : "processed", note: result.note }, now());
  return { ok: true, note: result.note };
}
