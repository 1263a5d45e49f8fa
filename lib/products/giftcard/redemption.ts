import { asObject } from "@/lib/orders/detail";

// A gift card's part of an opened `Order.fulfillment` (lib/orders/sealed-fulfillment.ts opens
// it): the code and its link, and when the code was first revealed (./reveal.ts records it).
// Pure readers, so the product's module reads them without the sealing module.

export type GiftcardRedemption = { code: string; url: string | null };

/** The code and redemption link of an opened fulfillment, or null when there is none. */
export function readOpenedRedemption(opened: unknown): GiftcardRedemption | null {
  const record = asObject(opened);
  const code = typeof record.redemptionCode === "string" ? record.redemptionCode.trim() : "";
  if (!code) return null;
  const url =
    typeof record.redemptionUrl === "string" && /^https?:\/\//.test(record.redemptionUrl.trim())
      ? record.redemptionUrl.trim()
      : null;
  return { code, url };
}

/** When the code was first revealed (ISO), or null. */
export function readRevealedAt(fulfillment: unknown): string | null {
  const value = asObject(fulfillment).codeRevealedAt;
  return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : null;
}
