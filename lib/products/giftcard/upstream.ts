import { z } from "zod";
import type { CommerceUpstream } from "@/lib/products/contract";

// What placement sends for a gift card: "Gift card bodies carry `price_token` only" (C§2); the
// mode is named only for a payment link, the one way to ask for one.

const requestSchema = z.looseObject({ priceToken: z.string().min(1) });

export const giftcardUpstream: CommerceUpstream = {
  api: "commerce",
  fields: { phone: null, catalogId: null, sms: false },
  body(detail, mode) {
    const parsed = requestSchema.safeParse(detail);
    if (!parsed.success) return null;
    return mode === "payment_link"
      ? { price_token: parsed.data.priceToken, checkout_mode: mode }
      : { price_token: parsed.data.priceToken };
  },
  renewPriceToken: null,
};
