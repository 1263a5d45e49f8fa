import type { DbClient } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { defaultProcessors, type ProcessorLookup } from "./process";
import { runProcessing } from "./processing";
import { claimForRetry, PERMANENT_ERROR_PREFIX, STUCK_AFTER_MS } from "./store";

// The shop's own retry of webhook receipts. The receiver answers 200 once a delivery is stored
// and processes it after the answer (receive.ts), so a processing failure never reaches the
// sender as a 503 for it to deliver again: the order worker's housekeeping runs this sweep
// instead (lib/fulfilment/app-worker.ts). It takes
//   failed receipts      → again after a backoff from the last attempt (SWEEP_BACKOFF_MS), up to
//                          MAX_SWEEP_ATTEMPTS; permanent failures (malformed payloads) never
//   "received" receipts  → whose attempt began more than STUCK_AFTER_MS ago (a crash, a lost
//                          after-the-answer task, or a sweep that died half-way)
// Each is claimed first (claimForRetry: conditional on status and attempts), so two instances'
// sweeps, a redelivery and a staff replay never process the same receipt at once. Unmatched
// receipts are not swept: they wait for a redelivery or staff. What is left after the last
// attempt stays failed for staff to replay.

/** The wait after the n-th failed attempt (index n − 1) before the sweep tries again. */
export const SWEEP_BACKOFF_MS = [
  30_000,
  60_000,
  2 * 60_000,
  5 * 60_000,
  15 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
] as const;

/** Attempts after which the sweep leaves a receipt to staff (about eight hours of retries). */
export const MAX_SWEEP_ATTEMPTS = SWEEP_BACKOFF_MS.length + 1;

/** Receipts taken per sweep: a backlog is worked off over several housekeeping rounds. */
export const SWEEP_BATCH = 20;

export type SweepOptions = { now?: Date; limit?: number; processors?: ProcessorLookup };
export type SweepResult = { claimed: number; processed: number; failed: number };

/** Not attempted since `cutoff`: the latest attempt's time, or the arrival of one never attempted. */
function lastAttemptBefore(cutoff: Date): Prisma.WebhookReceiptWhereInput {
  return { OR: [{ processedAt: { lte: cutoff } }, { processedAt: null, receivedAt: { lte: cutoff } }] };
}

export function dueForRetry(now: Date): Prisma.WebhookReceiptWhereInput {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return {
    verified: true,
    eventId: { not: null },
    OR: [
      { status: "received", attempts: { lt: MAX_SWEEP_ATTEMPTS }, ...lastAttemptBefore(ago(STUCK_AFTER_MS)) },
      ...SWEEP_BACKOFF_MS.map((wait, index) => ({
        status: "failed" as const,
        attempts: index + 1,
        NOT: { error: { startsWith: PERMANENT_ERROR_PREFIX } },
        ...lastAttemptBefore(ago(wait)),
      })),
    ],
  };
}

export async function sweepWebhookReceipts(db: DbClient, options: SweepOptions = {}): Promise<SweepResult> {
  const clock = options.now ? () => options.now! : () => new Date();
  const result: SweepResult = { claimed: 0, processed: 0, failed: 0 };
  const due = await db.webhookReceipt.findMany({
    where: dueForRetry(clock()),
    orderBy: { receivedAt: "asc" },
    take: options.limit ?? SWEEP_BATCH,
  });
  for (const receipt of due) {
    const claimed = await claimForRetry(db, receipt, clock());
    if (!claimed) continue; // Another instance, a redelivery or staff took it meanwhile.
    result.claimed++;
    try {
      const process = await (options.processors ?? defaultProcessors)(claimed.provider);
      const outcome = await runProcessing(db, claimed, process, clock);
      if (outcome.ok) result.processed++;
      else result.failed++;
    } catch (error) {
      // Left "received": taken again once its claim is older than STUCK_AFTER_MS.
      result.failed++;
      logger.error(
        { receiptId: claimed.id, err: error instanceof Error ? error.message : String(error) },
        "webhook sweep: processing a receipt failed",
      );
    }
  }
  if (result.claimed > 0) logger.info(result, "webhook sweep retried receipts");
  return result;
}
