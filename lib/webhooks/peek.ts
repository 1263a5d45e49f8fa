import { DOCUMENTED_EVENT_FIELD } from "@/lib/upstream/commerce/schemas/account";

// What a receipt's body is about, read without trusting it: for the record and the staff
// pages only (processing parses and validates the body itself).

export type BodyPeek = { eventType: string | null; upstreamOrderId: string | null };

/**
 * The event type and, for commerce order events, the upstream order id, in either reading of the
 * payload (webhookEventSchema): `type` and `data.order_id`, or `event` and `order_id`.
 */
export function peekBody(provider: string, rawBody: string): BodyPeek {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { eventType: null, upstreamOrderId: null };
  }
  const body = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  const nested = body.data && typeof body.data === "object" ? (body.data as { order_id?: unknown }) : null;
  const documented = provider === "commerce" && !nested && typeof body[DOCUMENTED_EVENT_FIELD] === "string";
  const eventType = documented ? body[DOCUMENTED_EVENT_FIELD] : body.type;
  const orderId = documented ? body.order_id : nested?.order_id;
  return {
    eventType: typeof eventType === "string" ? eventType.slice(0, 100) : null,
    upstreamOrderId: provider === "commerce" && typeof orderId === "string" ? orderId.slice(0, 200) : null,
  };
}
