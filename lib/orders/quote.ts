import { z } from "zod";
import type { DbClient } from "@/lib/db/create-client";
import { getMargin } from "@/lib/pricing/margin";
import { retailBreakdown, type PriceBreakdown } from "@/lib/pricing/retail";
import { UpstreamError } from "@/lib/upstream/errors";
import type { CommerceClient } from "@/lib/upstream/commerce/client";
import { appCheckoutMode, appDb, type CheckoutMode } from "./app-config";
import { resolveClients } from "./clients";
import { commerceRequestBody, type CommerceDetail } from "./detail";

// The price a buyer sees before paying: ALWAYS the upstream's preview (account-specific and
// authoritative for PRO accounts; never cached), plus the shop's margin. The result's `detail`
// is what createOrder stores and placement sends again.

export type QuoteInput = {
  type: "topup" | "esim" | "giftcard";
  priceToken: string;
  phone?: string;
  catalogId?: string;
  smsNotification?: boolean;
  smsText?: string;
};

export type CommerceQuote = {
  pricing: PriceBreakdown;
  upstream: {
    totalMinor: number;
    currency: string;
    rechargeAmountMinor: number;
    serviceFeeMinor: number;
    smsFeeMinor: number;
    /** False when the shop's credit balance would not cover it (the order would wait for staff). */
    sufficientCredits: boolean | null;
    checkoutMode: CheckoutMode;
  };
  detail: CommerceDetail & { product: Record<string, unknown> | null; checkoutMode: CheckoutMode };
};

export type QuoteOptions = { db?: DbClient; commerce?: CommerceClient; mode?: CheckoutMode };

const e164 = /^\+[1-9]\d{6,14}$/;
const inputSchema = z
  .object({
    type: z.enum(["topup", "esim", "giftcard"]),
    priceToken: z.string().trim().min(1, "Choose a product first.").max(512),
    phone: z.string().trim().regex(e164, "Enter the phone number with its country code, e.g. +447400123456.").optional(),
    catalogId: z.string().trim().min(1).max(100).optional(),
    smsNotification: z.boolean().optional(),
    smsText: z.string().max(140, "The SMS text can be at most 140 characters.").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === "topup" && !v.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: "Enter the phone number to top up." });
    if (v.type !== "topup" && v.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: "A phone number is only needed for top-ups." });
    if (v.type === "esim" && !v.catalogId) ctx.addIssue({ code: "custom", path: ["catalogId"], message: "Choose an eSIM plan." });
    if (v.type !== "esim" && v.catalogId) ctx.addIssue({ code: "custom", path: ["catalogId"], message: "A plan id is only needed for eSIMs." });
    if (v.type !== "topup" && (v.smsNotification || v.smsText)) ctx.addIssue({ code: "custom", path: ["smsNotification"], message: "An SMS notice is available for mobile top-ups only." });
  });

export async function quoteCommerceOrder(input: QuoteInput, options: QuoteOptions = {}): Promise<CommerceQuote> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new UpstreamError({ api: "commerce", kind: "config", code: "INVALID_INPUT", message: `quote: ${first?.path.join(".")}: ${first?.message}`, userMessage: first?.message, retryable: false });
  }
  const valid = parsed.data;
  const mode = options.mode ?? (await appCheckoutMode());
  const db = options.db ?? (await appDb());
  const commerce = options.commerce ?? (await resolveClients()).commerce;

  const detail: CommerceDetail = {
    priceToken: valid.priceToken,
    ...(valid.phone ? { phone: valid.phone } : {}),
    ...(valid.catalogId ? { catalogId: valid.catalogId } : {}),
    ...(valid.smsNotification ? { smsNotification: true } : {}),
    ...(valid.smsNotification && valid.smsText ? { smsText: valid.smsText } : {}),
  };
  const preview = await commerce.previewOrder(commerceRequestBody(valid.type, detail, mode));
  const currency = (preview.currency ?? "EUR").toUpperCase();
  const smsFeeMinor = preview.sms_fee ?? 0;

  // With a payment link the buyer pays the upstream's hosted checkout its own total: the shop
  // cannot add anything to it, so the breakdown is the upstream's (no margin).
  const margin = mode === "payment_link" ? { percent: 0, fixedMinor: 0 } : await getMargin(db, valid.type);
  const pricing = retailBreakdown({
    productType: valid.type,
    costMinor: preview.total,
    costCurrency: currency,
    smsFeeMinor,
    amountMinor: Math.min(preview.recharge_amount, preview.total - smsFeeMinor),
    margin,
  });

  return {
    pricing,
    upstream: {
      totalMinor: preview.total,
      currency,
      rechargeAmountMinor: preview.recharge_amount,
      serviceFeeMinor: preview.service_fee,
      smsFeeMinor,
      sufficientCredits: preview.sufficient_credits ?? null,
      checkoutMode: mode,
    },
    detail: { ...detail, product: (preview.product as Record<string, unknown> | null | undefined) ?? null, checkoutMode: mode },
  };
}
