import { createTranslator } from "use-intl/core";
import { z } from "zod";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";

// The order's JSON columns (pricing, detail, fulfillment) read for the buyer. Each reader picks
// the fields a buyer may see and ignores the rest, so cost, margin, price tokens, checkout
// hashes and idempotency keys can sit in the same JSON without ever reaching the page. A
// malformed column degrades to "not shown", never to a crash.

const minor = z.number().int();

const buyerPricingSchema = z.object({
  currency: z.string().min(3),
  amountMinor: minor,
  serviceFeeMinor: minor.default(0),
  smsFeeMinor: minor.default(0),
  totalMinor: minor,
  // The staff rate a price was converted at (lib/pricing/staff-rate.ts), which the buyer is shown.
  exchange: z
    .object({
      numerator: z.number().int().positive(),
      denominator: z.number().int().positive(),
      source: z.enum(["supplier", "staff"]),
      date: z.string().optional(),
    })
    .optional(),
});
/** What the buyer was shown before paying: never the cost (PriceBreakdown.costMinor). */
export type BuyerPricing = z.infer<typeof buyerPricingSchema>;

export function buyerPricing(pricing: unknown, fallback: { currency: string; totalMinor: number }): BuyerPricing {
  const parsed = buyerPricingSchema.safeParse(pricing);
  if (parsed.success) return parsed.data;
  return {
    currency: fallback.currency,
    amountMinor: fallback.totalMinor,
    serviceFeeMinor: 0,
    smsFeeMinor: 0,
    totalMinor: fallback.totalMinor,
  };
}

export type PurchaseLine = { label: string; value: string };

export type FulfillmentKind = "link" | "code" | "status" | "text";
export type FulfillmentLine = { label: string; value: string; kind?: FulfillmentKind };

/**
 * Fulfillment fields a buyer may see, with their labels ("OrderDelivery" in the catalogs), for
 * every product. Only these keys are shown, and only when they hold plain text: no JSON dump,
 * nothing unexpected.
 */
const FULFILLMENT_FIELDS = [
  { keys: ["deliveryStatus", "delivery_status"], label: "deliveryStatus", kind: "status" },
  { keys: ["redemptionCode", "redemption_code"], label: "redemptionCode", kind: "code" },
  { keys: ["redemptionUrl", "redemption_url"], label: "redemptionUrl", kind: "link" },
  { keys: ["iccid"], label: "iccid", kind: "code" },
  { keys: ["lpaString", "lpa_string"], label: "lpaString", kind: "code" },
  { keys: ["installUrl", "install_url"], label: "installUrl", kind: "link" },
  { keys: ["instructions"], label: "instructions", kind: "text" },
] as const satisfies ReadonlyArray<{ keys: readonly string[]; label: string; kind: FulfillmentKind }>;

/** The top-up delivery states the shop names in its own words; any other is shown as the supplier sends it. */
const DELIVERY_STATUSES = ["pending", "delivered", "failed", "manual_revision"] as const;
const isDeliveryStatus = (value: string): value is (typeof DELIVERY_STATUSES)[number] =>
  (DELIVERY_STATUSES as readonly string[]).includes(value);

export function fulfillmentLines(fulfillment: unknown, locale: Locale = "en"): FulfillmentLine[] {
  if (!fulfillment || typeof fulfillment !== "object" || Array.isArray(fulfillment)) return [];
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "OrderDelivery" });
  const record = fulfillment as Record<string, unknown>;
  const lines: FulfillmentLine[] = [];
  for (const field of FULFILLMENT_FIELDS) {
    const key = field.keys.find((k) => typeof record[k] === "string" && (record[k] as string).trim() !== "");
    if (!key) continue;
    let value = (record[key] as string).trim();
    if (field.kind === "link" && !/^https?:\/\//.test(value)) continue;
    if (field.kind === "status") {
      const state = value.toLowerCase();
      if (isDeliveryStatus(state)) value = t(`status.${state}`);
    }
    lines.push({ label: t(`label.${field.label}`), value, kind: field.kind });
  }
  return lines;
}
