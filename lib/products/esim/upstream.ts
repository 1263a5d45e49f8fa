import { z } from "zod";
import type { CommerceUpstream } from "@/lib/products/contract";

// What placement sends for an eSIM (C§2): the price token and the plan's catalog id, the
// checkout mode and the buyer's language. The plan's token is signed and lives 30 minutes
// (upstream-notes): a buyer who took longer gets today's token for the same plan, and
// placement's price check still guards what the shop pays.

/** The request keys the quote writes beside `detail.esim` (./detail.ts). */
export const esimRequestSchema = z.looseObject({
  priceToken: z.string().min(1),
  catalogId: z.string().optional(),
});

export const esimUpstream: CommerceUpstream = {
  api: "commerce",
  fields: { phone: null, catalogId: "Choose an eSIM plan.", sms: false },
  body(detail, mode, lang) {
    const parsed = esimRequestSchema.safeParse(detail);
    if (!parsed.success) return null;
    return { price_token: parsed.data.priceToken, checkout_mode: mode, lang, catalog_id: parsed.data.catalogId };
  },
  async renewPriceToken(detail, commerce) {
    const parsed = esimRequestSchema.safeParse(detail);
    if (!parsed.success || !parsed.data.catalogId) return null;
    const plan = await commerce.getEsimProduct(parsed.data.catalogId);
    return { ...parsed.data, priceToken: plan.price_token };
  },
};
