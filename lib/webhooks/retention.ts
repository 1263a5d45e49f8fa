import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";

// Webhook receipts are a record, not an archive: they are kept for WEBHOOK_RECEIPT_RETENTION_DAYS
// (default 30) and then deleted by the worker's housekeeping. Younger failed and unmatched
// receipts stay replayable. Deletion goes in small batches (oldest first, on the receivedAt
// index) so a large backlog never holds the database for long, and a bounded number of batches
// per run keeps one housekeeping round short; the next run carries on.

export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

export type TrimOptions = { now?: Date; retentionDays?: number; batchSize?: number; maxBatches?: number };

/** Deletes receipts received before now − retention; returns how many were deleted. */
export async function trimWebhookReceipts(db: DbClient, options: TrimOptions = {}): Promise<number> {
  const { now = new Date(), retentionDays = DEFAULT_RETENTION_DAYS, batchSize = 500, maxBatches = 20 } = options;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const ids = (
      await db.webhookReceipt.findMany({
        where: { receivedAt: { lt: cutoff } },
        orderBy: { receivedAt: "asc" },
        select: { id: true },
        take: batchSize,
      })
    ).map((r) => r.id);
    if (ids.length === 0) break;
    deleted += (await db.webhookReceipt.deleteMany({ where: { id: { in: ids } } })).count;
    if (ids.length < batchSize) break;
  }
  if (deleted > 0) logger.info({ deleted, retentionDays }, "old webhook receipts deleted");
  return deleted;
}
