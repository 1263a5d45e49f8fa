// The commerce API events the shop subscribes to (lib/webhooks/subscription.ts) and processes
// (lib/webhooks/process.ts).
export const COMMERCE_EVENTS = ["order.created", "order.fulfilled", "order.failed"] as const;
