// What a receipt's body is about, read without trusting it: for the record and the staff
// pages only (processing parses and validates the body itself).

export type BodyPeek = { eventType: string | null; upstreamOrderId: string | null };

/** The event type (`type`) and, for commerce order events, the upstream order id (`data.order_id`). */
export function peekBody(provider: string, rawBody: string): BodyPeek {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { eventType: null, upstreamOrderId: null };
  }
  const body = parsed && typeof parsed === "object" ? (parsed as { type?: unknown; data?: unknown }) : {};
  const data = body.data && typeof body.data === "object" ? (body.data as { order_id?: unknown }) : {};
  return {
    eventType: typeof body.type === "string" ? body.type.slice(0, 100) : null,
    upstreamOrderId: provider === "commerce" && typeof data.order_id === "string" ? data.order_id.slice(0, 200) : null,
  };
}
