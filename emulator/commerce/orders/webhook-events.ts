import type { WebhookEvent } from "./records";

// Spec section 6 event names. The live service calls the completion event `order.completed`
// (upstream-notes); subscriptions accept it as another name for `order.fulfilled`.
export const ORDER_EVENTS: readonly WebhookEvent[] = ["order.created", "order.fulfilled", "order.failed"];
export const EVENT_ALIASES: Record<string, WebhookEvent> = { "order.completed": "order.fulfilled" };

export function normaliseEvent(name: string): WebhookEvent | null {
  if ((ORDER_EVENTS as readonly string[]).includes(name)) return name as WebhookEvent;
  return EVENT_ALIASES[name] ?? null;
}
