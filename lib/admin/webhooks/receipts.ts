import type { CurrentUser } from "@/lib/auth/guards";
import { recordAudit } from "@/lib/audit/record";
import type { DbClient } from "@/lib/db/create-client";
import type { ReceiptStatus } from "@/lib/db/generated/sqlite/enums";
import { replayReceipt, type ProcessorLookup, type ReplayResult } from "@/lib/webhooks/process";

// The receipt log for staff: every delivery with its verification and processing result, and
// the replay of a failed one (lib/webhooks/process.ts does the work and decides what may be
// replayed; this adds the audit entry).

export const RECEIPT_STATUSES: readonly ReceiptStatus[] = [
  "received",
  "processed",
  "unmatched",
  "failed",
  "rejected",
  "duplicate",
];
export const RECEIPTS_PAGE_SIZE = 50;

export type ReceiptRow = {
  id: string;
  provider: string;
  eventId: string | null;
  eventType: string | null;
  verified: boolean;
  verifyError: string | null;
  status: ReceiptStatus;
  error: string | null;
  attempts: number;
  receivedAt: Date;
  processedAt: Date | null;
};

export async function listReceipts(
  db: DbClient,
  filter: { status?: ReceiptStatus; page?: number } = {},
): Promise<{ rows: ReceiptRow[]; total: number }> {
  const where = filter.status ? { status: filter.status } : {};
  const page = Math.max(1, filter.page ?? 1);
  const [rows, total] = await Promise.all([
    db.webhookReceipt.findMany({
      where,
      orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * RECEIPTS_PAGE_SIZE,
      take: RECEIPTS_PAGE_SIZE,
      omit: { rawBody: true, headers: true },
    }),
    db.webhookReceipt.count({ where }),
  ]);
  return { rows, total };
}

export async function replayAsStaff(
  db: DbClient,
  receiptId: string,
  actor: Pick<CurrentUser, "id" | "email">,
  options: { processors?: ProcessorLookup } = {},
): Promise<ReplayResult> {
  const before = await db.webhookReceipt.findUnique({
    where: { id: receiptId },
    select: { status: true, error: true },
  });
  const result = await replayReceipt(db, receiptId, options);
  if (result.outcome !== "not_replayable") {
    await recordAudit(
      { actor, action: "webhook.replay", targetType: "webhook_receipt", targetId: receiptId, before, after: result },
      db,
    );
  }
  return result;
}
