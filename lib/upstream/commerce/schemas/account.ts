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

/**
 * The field names the signing secret may come under in POST /webhooks's answer: C§2 says only "a
 * signing secret returned only once at creation". `secret` is the notes' reading, `signing_secret`
 * the documents' words; the first one present is read. (docs/upstream-contract.md)
 */
export const WEBHOOK_SECRET_FIELDS = ["secret", "signing_secret"] as const;

/** POST /webhooks: the subscription plus its signing secret (as `secret`, whichever field it came in), returned this once. */
export const createdWebhookSchema = webhookSchema.transform((hook, ctx) => {
  const fields = hook as Record<string, unknown>;
  const secret = WEBHOOK_SECRET_FIELDS.map((name) => fields[name]).find(
    (value): value is string => typeof value === "string" && value.length > 0,
  );
  if (secret === undefined) {
    ctx.addIssue({
      code: "custom",
      path: [WEBHOOK_SECRET_FIELDS[0]],
      message: `the answer carries no signing secret (${WEBHOOK_SECRET_FIELDS.join(" or ")})`,
    });
    return z.NEVER;
  }
  return { ...hook, secret };
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export type WebhookInput = { url: string; events: WebhookEventName[] };
export type WebhookPatch = { url?: string; events?: WebhookEventName[]; status?: "active" | "disabled" };

/**
 * The field of a documented-reading payload that names the event kind (C§6: "each payload carries
 * the order `type`", payload fields not shown). In that reading the payload is the order record
 * itself, whose `type` is the ORDER type, with the event kind beside it. (docs/upstream-contract.md)
 */
export const DOCUMENTED_EVENT_FIELD = "event";

/** The notes' reading: `{ id, type: <event name>, timestamp, environment, data: <order as on GET /orders rows> }`. */
const observedEventSchema = z
  .looseObject({
    id: opaqueId,
    type: z.string().min(1),
    timestamp: z.string().nullish(),
    environment: z.string().nullish(),
    data: orderSchema,
  })
  .transform((event) => ({
    id: event.id as string | null,
    type: event.type,
    environment: event.environment ?? null,
    data: event.data,
  }));

/** The documents' literal reading: the order (its `type` the order type) with the event kind under DOCUMENTED_EVENT_FIELD. */
const documentedEventSchema = z.looseObject({ [DOCUMENTED_EVENT_FIELD]: z.string().min(1) }).transform((body, ctx) => {
  const { [DOCUMENTED_EVENT_FIELD]: type, ...order } = body as Record<string, unknown>;
  const parsed = orderSchema.safeParse(order);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return z.NEVER;
  }
  return {
    id: null as string | null,
    type: String(type),
    environment: parsed.data.environment ?? null,
    data: parsed.data,
  };
});

/**
 * A webhook delivery body (for the receiver), in either reading: an event name (either spelling;
 * `canonicalType` has the spec's), the order, and the body's own event id where it has one (the
 * Standard Webhooks `webhook-id` header names the event in both).
 */
export const webhookEventSchema = z
  .union([observedEventSchema, documentedEventSchema])
  .transform((event) => ({ ...event, canonicalType: canonicalEventName(event.type) }));
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
