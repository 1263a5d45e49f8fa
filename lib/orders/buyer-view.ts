import { z } from "zod";

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
});
/** What the buyer was shown before paying: never the cost (PriceBreakdown.costMinor). */
export type BuyerPricing = z.infer<typeof buyerPricingSchema>;

export function buyerPricing(pricing: unknown, fallback: { currency: string; totalMinor: number }): BuyerPricing {
  const parsed = buyerPricingSchema.safeParse(pricing);
  if (parsed.success) return parsed.data;
  return { currency: fallback.currency, amountMinor: fallback.totalMinor, serviceFeeMinor: 0, smsFeeMinor: 0, totalMinor: fallback.totalMinor };
}

export type PurchaseLine = { label: string; value: string };

export type FulfillmentKind = "link" | "code" | "status" | "text";
export type FulfillmentLine = { label: string; value: string; kind?: FulfillmentKind };

/**
 * Fulfillment fields a buyer may see, with their labels, for every product. Only these keys
 * are shown, and only when they hold plain text: no JSON dump, nothing unexpected.
 */
const FULFILLMENT_FIELDS: ReadonlyArray<{ keys: readonly string[]; label: string; kind?: FulfillmentKind }> = [
  { keys: ["deliveryStatus", "delivery_status"], label: "Delivery to the number", kind: "status" },
  { keys: ["redemptionCode", "redemption_code"], label: "Redemption code", kind: "code" },
  { keys: ["redemptionUrl", "redemption_url"], label: "Redeem online", kind: "link" },
  { keys: ["iccid"], label: "ICCID", kind: "code" },
  { keys: ["lpaString", "lpa_string"], label: "Activation code (LPA)", kind: "code" },
  { keys: ["installUrl", "install_url"], label: "Install on iPhone", kind: "link" },
  { keys: ["instructions"], label: "Instructions", kind: "text" },
];

const DELIVERY_STATUS_TEXT: Record<string, string> = {
  pending: "Pending",
  delivered: "Delivered",
  failed: "Failed",
  manual_revision: "Being checked by the operator",
};

export function fulfillmentLines(fulfillment: unknown): FulfillmentLine[] {
  if (!fulfillment || typeof fulfillment !== "object" || Array.isArray(fulfillment)) return [];
  const record = fulfillment as Record<string, unknown>;
  const lines: FulfillmentLine[] = [];
  for (const field of FULFILLMENT_FIELDS) {
    const key = field.keys.find((k) => typeof record[k] === "string" && (record[k] as string).trim() !== "");
    if (!key) continue;
    let value = (record[key] as string).trim();
    if (field.kind === "link" && !/^https?:\/\//.test(value)) continue;
    if (field.kind === "status") value = DELIVERY_STATUS_TEXT[value.toLowerCase()] ?? value;
    lines.push({ label: field.label, value, kind: field.kind });
  }
  return lines;
}
