import { z } from "zod";
import { money, opaqueId } from "./common";
import { orderSchema } from "./orders";

// Balance, balance history and webhooks (spec section 4 "Core: balance / webhooks", PRO only).

/** GET /balance (upstream-notes: `balance` decimal string, `currency` EUR, `environment`). */
export const balanceSchema = z.looseObject({
  balance: money,
  currency: z.string(),
  environment: z.string().optional(),
});
export type Balance = z.infer<typeof balanceSchema>;

/** A row of GET /balance/history: one credit movement (signed amount). */
export const balanceTransactionSchema = z.looseObject({
  id: opaqueId,
  amount: money,
  type: z.string().optional(),
  currency: z.string().optional(),
  order_id: opaqueId.nullish(),
  environment: z.string().nullish(),
  simulated: z.boolean().optional(),
  balance_after: money.nullish(),
  description: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type BalanceTransaction = z.infer<typeof balanceTransactionSchema>;

/**
 * Webhook event names. The spec says `order.fulfilled`; the live service says
 * `order.completed` (upstream-notes). Both are accepted and mean the same.
 */
export type WebhookEventName = "order.created" | "order.fulfilled" | "order.completed" | "order.failed";

const EVENT_ALIASES: Record<string, string> = { "order.completed": "order.fulfilled" };

/** `order.completed` → `order.fulfilled`; other names unchanged. */
export function canonicalEventName(name: string): string {
  return EVENT_ALIASES[name] ?? name;
}

export const webhookSchema = z.looseObject({
  id: opaqueId,
  url: z.string().min(1),
  events: z.array(z.string()),
  status: z.string(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST /webhooks: the subscription plus its signing secret, returned this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string().min(1) });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export type WebhookInput = { url: string; events: WebhookEventName[] };
export type WebhookPatch = { url?: string; events?: WebhookEventName[]; status?: "active" | "disabled" };

/**
 * A webhook delivery body (for the receiver): an event name (either spelling; `canonicalType`
 * has the spec's) and the order as on GET /orders rows.
 */
export const webhookEventSchema = z
  .looseObject({
    id: opaqueId,
    type: z.string().min(1),
    timestamp: z.string().nullish(),
    environment: z.string().nullish(),
    data: orderSchema,
  })
  .transform((event) => ({ ...event, canonicalType: canonicalEventName(event.type) }));
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
