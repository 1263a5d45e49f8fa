import type { DbClient } from "@/lib/db/create-client";
import type { WebhookReceipt } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { claimForRetry, finishReceipt } from "./store";

// Processing a stored receipt, and replaying one that failed. A processor reads the receipt's
// raw body (already verified when it arrived) and applies it; it must be idempotent and safe
// out of order, because a receipt can be processed again (replay, a crash half-way). What
// happened is written on the receipt: processed (with a note when nothing changed) or failed
// with the error, which stays visible to staff until a replay succeeds.

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

export type ProcessorLookup = (provider: string) => Promise<ReceiptProcessor>;

/** The app's processors per sender, loaded when first needed. */
export const defaultProcessors: ProcessorLookup = async (provider) => {
  if (provider === "commerce") {
    const [{ processCommerceReceipt }, { applyCommerceOrder }] = await Promise.all([import("./commerce-events"), import("@/lib/orders/apply-upstream")]);
    return (db, receipt) => processCommerceReceipt(db, receipt, { apply: applyCommerceOrder });
  }
  if (provider === "stripe") return (await import("@/lib/payments/stripe/webhook")).processStripeReceipt;
  throw new Error(`no webhook processor for "${provider}"`);
};

export type ReplayResult = { outcome: "processed"; note?: string } | { outcome: "failed"; error: string } | { outcome: "not_replayable"; status: string };

/**
 * Processes a stored receipt again (staff's "replay", or a redelivery of a failed event).
 * Only verified receipts that failed, matched no order (yet), or were left half-way by a crash
 * can be replayed; processed, duplicate and rejected receipts cannot.
 */
export async function replayReceipt(db: DbClient, receiptId: string, options: { processors?: ProcessorLookup; now?: () => Date } = {}): Promise<ReplayResult> {
  const now = options.now ?? (() => new Date());
  const receipt = await db.webhookReceipt.findUnique({ where: { id: receiptId } });
  if (!receipt) return { outcome: "not_replayable", status: "not_found" };
  const claimed = await claimForRetry(db, receipt, now());
  if (!claimed) return { outcome: "not_replayable", status: receipt.status };
  const process = await (options.processors ?? defaultProcessors)(claimed.provider);
  const result = await runProcessing(db, claimed, process, now);
  return result.ok ? { outcome: "processed", note: result.note } : { outcome: "failed", error: result.error };
}
