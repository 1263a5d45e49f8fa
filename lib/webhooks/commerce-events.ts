import type { DbClient } from "@/lib/db/create-client";
import type { WebhookReceipt } from "@/lib/db/generated/sqlite/client";
import { webhookEventSchema, type Order as CommerceOrder } from "@/lib/upstream/commerce/schemas";
import { PermanentProcessingError, type ProcessNote } from "./process";

// What a commerce API event means for the shop. The body is the emulator's (and the spec's)
// `{ id, type, timestamp, environment, data: <order as on GET /orders> }`; the live service's
// `order.completed` is read as `order.fulfilled`. The order record is handed to the order core,
// which compares it with the local order and moves it only forward, so a late `order.created`
// after `order.fulfilled`, or the same event twice, changes nothing.

export const COMMERCE_EVENTS = ["order.created", "order.fulfilled", "order.failed"] as const;

export type ApplyCommerceOrder = (
  db: DbClient,
  upstreamOrder: CommerceOrder,
  context: { source: "webhook"; actor?: string; connectionId: string | null },
) => Promise<{ orderId: string | null; changed: boolean }>;

export async function processCommerceReceipt(db: DbClient, receipt: WebhookReceipt, deps: { apply: ApplyCommerceOrder }): Promise<ProcessNote> {
  let json: unknown;
  try {
    json = JSON.parse(receipt.rawBody);
  } catch (error) {
    throw new PermanentProcessingError(`malformed JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = webhookEventSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PermanentProcessingError(`not a commerce order event: ${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "invalid"}`);
  }
  const event = parsed.data;
  if (!(COMMERCE_EVENTS as readonly string[]).includes(event.canonicalType)) return { note: `event type ${event.type} is not used by the shop` };

  if (!receipt.connectionId) return { unmatched: true, note: `order ${event.data.order_id}: the delivery names no upstream connection, so it is applied to no order` };
  const result = await deps.apply(db, event.data, { source: "webhook", actor: receipt.eventId ?? event.id, connectionId: receipt.connectionId });
  if (!result.orderId) return { unmatched: true, note: `order ${event.data.order_id} (${event.environment ?? "unknown environment"}) is not an order of this shop's connection` };
  return result.changed ? {} : { note: "the order was already up to date" };
}
