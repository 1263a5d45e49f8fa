import type { DbClient } from "@/lib/db/create-client";
import type { WebhookReceipt } from "@/lib/db/generated/sqlite/client";
import { applyCommerceOrder } from "@/lib/orders/apply-upstream";
import { processStripeReceipt } from "@/lib/payments/stripe/webhook";
import { webhookEventSchema } from "@/lib/upstream/commerce/schemas";
import { COMMERCE_EVENTS } from "./commerce-events";
import { PermanentProcessingError, runProcessing, type ProcessNote, type ReceiptProcessor } from "./processing";
import { claimForRetry } from "./store";

// What a commerce API event means for the shop, and the replay of a stored receipt. The body
// is read in both readings (webhookEventSchema): the notes' `{ id, type: <event>, timestamp,
// environment, data: <order as on GET /orders> }`, or the documents' literal one, the order
// itself (`type` = order type) with the event kind under `event`; the live service's
// `order.completed` is read as `order.fulfilled`. The order record is handed to the order core
// (applyCommerceOrder), which compares it with the local order and moves it only forward, so a
// late `order.created` after `order.fulfilled`, or the same event twice, changes nothing. An
// event that ends an order the buyer paid the shop for owes the buyer's refund in the same
// transaction (docs/orders.md "Refund after a failure").

export async function processCommerceReceipt(db: DbClient, receipt: WebhookReceipt): Promise<ProcessNote> {
  let json: unknown;
  try {
    json = JSON.parse(receipt.rawBody);
  } catch (error) {
    throw new PermanentProcessingError(`malformed JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = webhookEventSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PermanentProcessingError(
      `not a commerce order event: ${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "invalid"}`,
    );
  }
  const event = parsed.data;
  if (!(COMMERCE_EVENTS as readonly string[]).includes(event.canonicalType))
    return { note: `event type ${event.type} is not used by the shop` };

  if (!receipt.connectionId)
    return {
      unmatched: true,
      note: `order ${event.data.order_id}: the delivery names no upstream connection, so it is applied to no order`,
    };
  const by = { source: "webhook" as const, actor: receipt.eventId ?? event.id ?? "webhook" };
  const result = await applyCommerceOrder(db, event.data, { ...by, connectionId: receipt.connectionId });
  if (!result.orderId)
    return {
      unmatched: true,
      note: `order ${event.data.order_id} (${event.environment ?? "unknown environment"}) is not an order of this shop's connection`,
    };
  // Conflicting news about a final order: handled (recorded for staff), so not retried.
  if (result.anomaly) return { note: "recorded as an anomaly: the order's final status was kept (see its timeline)" };
  return result.changed ? {} : { note: "the order was already up to date" };
}

export type ProcessorLookup = (provider: string) => Promise<ReceiptProcessor>;

/** The app's processor per sender. */
export const defaultProcessors: ProcessorLookup = async (provider) => {
  if (provider === "commerce") return processCommerceReceipt;
  if (provider === "stripe") return processStripeReceipt;
  throw new Error(`no webhook processor for "${provider}"`);
};

export type ReplayResult =
  | { outcome: "processed"; note?: string }
  | { outcome: "failed"; error: string }
  | { outcome: "not_replayable"; status: string };

/**
 * Processes a stored receipt again (staff's "replay", or a redelivery of a failed event).
 * Only verified receipts that failed, matched no order (yet), or were left half-way by a crash
 * can be replayed; processed, duplicate and rejected receipts cannot.
 */
export async function replayReceipt(
  db: DbClient,
  receiptId: string,
  options: { processors?: ProcessorLookup; now?: () => Date } = {},
): Promise<ReplayResult> {
  const now = options.now ?? (() => new Date());
  const receipt = await db.webhookReceipt.findUnique({ where: { id: receiptId } });
  if (!receipt) return { outcome: "not_replayable", status: "not_found" };
  const claimed = await claimForRetry(db, receipt, now());
  if (!claimed) return { outcome: "not_replayable", status: receipt.status };
  const process = await (options.processors ?? defaultProcessors)(claimed.provider);
  const result = await runProcessing(db, claimed, process, now);
  return result.ok ? { outcome: "processed", note: result.note } : { outcome: "failed", error: result.error };
}
