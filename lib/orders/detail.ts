import { z } from "zod";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import type { OrderRequestBody } from "@/lib/upstream/commerce/schemas";

// What `Order.detail` holds per product (the request data the order was bought with), and
// `detail.placement`, the order core's own record of the attempt to place it upstream.

export const COMMERCE_PRODUCT_TYPES = ["topup", "esim", "giftcard"] as const satisfies readonly ProductType[];
export type CommerceProductType = (typeof COMMERCE_PRODUCT_TYPES)[number];

export function isCommerceProduct(type: ProductType): type is CommerceProductType {
  return (COMMERCE_PRODUCT_TYPES as readonly string[]).includes(type);
}

/** Commerce detail, as `quoteCommerceOrder` returns it. */
export const commerceDetailSchema = z.looseObject({
  priceToken: z.string().min(1),
  phone: z.string().optional(),
  catalogId: z.string().optional(),
  smsNotification: z.boolean().optional(),
  smsText: z.string().max(140).optional(),
});
export type CommerceDetail = z.infer<typeof commerceDetailSchema>;

/**
 * `detail.placement`: written BEFORE the create call is sent, so that after a crash or a lost
 * answer the worker knows whether a create may have reached the upstream.
 *   sending   – sent (or about to be); the outcome was never recorded (crash)
 *   unknown   – sent, and the answer was lost (timeout, reset, 5xx)
 *   not_sent  – refused before the upstream acted (network refused, rate limit), or staff
 *               found no order at the supplier for an unclear one: safe to send
 *   answered  – the upstream answered (placed, or a definite refusal)
 */
export const placementSchema = z.looseObject({
  state: z.enum(["sending", "unknown", "not_sent", "answered"]),
  sentAt: z.string(),
  /** Commerce: the exact body sent: what a lookup matches upstream orders against, and what a re-send repeats. */
  body: z.record(z.string(), z.unknown()).optional(),
  attempts: z.number().int().nonnegative().default(1),
  /** Commerce: the preview's total (minor units) the create was sent at: a found upstream order must cost this. */
  costMinor: z.number().int().optional(),
  /** Commerce: lookups done for an unclear create (placement-lookup.ts) before staff are asked. */
  lookups: z.number().int().nonnegative().optional(),
  /** Set while the order waits for staff (placement-outcomes.ts ParkCode). */
  parked: z.string().optional(),
});
export type Placement = z.infer<typeof placementSchema>;

export function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function readPlacement(detail: unknown): Placement | null {
  const parsed = placementSchema.safeParse(asObject(detail).placement);
  return parsed.success ? parsed.data : null;
}

/**
 * The create/preview body for a commerce order, built the same way on every attempt. C§2: the
 * body is `price_token`, plus `phone` (top-up) or `catalog_id` (eSIM); "Gift card bodies carry
 * `price_token` only". Top-up and eSIM bodies also carry `checkout_mode` (C§2 names `credits`
 * for PRO preview/create) and `lang`, the buyer's language (Order.locale; upstream-notes "Order
 * request"), in which the upstream words the order's texts where it can. A gift card body names
 * its mode only for a payment link, the one way to ask for one.
 */
export function commerceRequestBody(
  type: CommerceProductType,
  detail: CommerceDetail,
  mode: "credits" | "payment_link",
  lang: string,
): OrderRequestBody {
  if (type === "giftcard")
    return mode === "payment_link"
      ? { price_token: detail.priceToken, checkout_mode: mode }
      : { price_token: detail.priceToken };
  const body: OrderRequestBody = { price_token: detail.priceToken, checkout_mode: mode, lang };
  if (type === "topup") {
    body.phone = detail.phone;
    if (detail.smsNotification) body.sms_notification = true;
    if (detail.smsNotification && detail.smsText) body.sms_text = detail.smsText;
  }
  if (type === "esim") body.catalog_id = detail.catalogId;
  return body;
}

/** A create may have been sent and its outcome is not known (a crash while sending, a lost answer). */
export function placementUnclear(detail: unknown): boolean {
  const state = readPlacement(detail)?.state;
  return state === "sending" || state === "unknown";
}
