import { createHash } from "node:crypto";
import { z } from "zod";
import type { DbClient } from "@/lib/db/create-client";
import { DEFAULT_LOCALE } from "@/lib/i18n/locale-routing.mjs";
import { logger } from "@/lib/log";
import { getMargin } from "@/lib/pricing/margin";
import { retailBreakdown, type PriceBreakdown } from "@/lib/pricing/retail";
import { retailIn, type ExchangeRate } from "@/lib/pricing/exchange";
import type { ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import { UpstreamError } from "@/lib/upstream/errors";
import type { CommerceClient } from "@/lib/upstream/commerce/client";
import type { OrderRequestBody } from "@/lib/upstream/commerce/schemas";
import { limitVisitor, VISITOR_LIMITED_CODE } from "@/lib/security/visitor-limits";
import { appCheckoutMode, appDb, type CheckoutMode } from "./app-config";
import { resolveClients } from "./clients";
import { COMMERCE_PRODUCT_TYPES, commerceUpstreamOf, type CommerceProductType } from "@/lib/products/registry";

// The price a buyer sees before paying: the upstream's preview (account-specific and
// authoritative for PRO accounts) plus the shop's margin. The result's `detail` is what
// createOrder stores and placement sends again.
//
// Any anonymous visitor can make the shop preview (docs/security.md), so a preview
//  - is sent in the request budget's "preview" class (capped, below placement and status;
//    lib/upstream/budget/db-budget.ts), refused with "try again in N seconds" when spent;
//  - is reused for PREVIEW_CACHE_MS per identical request (price token, phone, plan, SMS,
//    checkout mode), shared by every instance through the database (a CatalogCacheEntry row,
//    resource "orders.preview", keyed by a hash: the phone number is not stored in the key);
//  - costs the visitor one point of their preview limit when it is not reused
//    (lib/security/visitor-limits.ts), when the caller names the visitor.
// Reusing a preview for a minute is safe: placement previews again, live and in the order
// class, and parks the order if the price rose above what the buyer paid (placement-commerce.ts).

export type QuoteInput = {
  type: CommerceProductType;
  priceToken: string;
  phone?: string;
  catalogId?: string;
  smsNotification?: boolean;
  smsText?: string;
};

/** The request keys of a commerce order's detail, from which its product's `upstream` builds the body. */
type CommerceRequest = Omit<QuoteInput, "type">;

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
  detail: CommerceRequest & { product: Record<string, unknown> | null; checkoutMode: CheckoutMode };
};

export type QuoteOptions = {
  db?: DbClient;
  commerce?: CommerceClient;
  mode?: CheckoutMode;
  /** The visitor (lib/security/client-address.ts visitorKey) whose preview limit a live preview spends; none: not limited (staff, tests). */
  visitor?: string;
  /** How long an identical preview is reused; 0: always live. Default PREVIEW_CACHE_MS. */
  cacheMs?: number;
  /** Injected for tests. */
  now?: () => number;
  /**
   * The buyer's currency and the rate to it for this item (the upstream's own pair of
   * figures: lib/pricing/exchange.ts). Without a rate, or with a payment link, euros.
   */
  currency?: ShopCurrency;
  exchange?: ExchangeRate | null;
};

/** How long a preview is reused for the same request (see the comment at the top). */
export const PREVIEW_CACHE_MS = 60_000;
/** The CatalogCacheEntry resource name of reused previews (not a catalog resource: never served stale). */
export const PREVIEW_CACHE_RESOURCE = "orders.preview";

type Preview = Awaited<ReturnType<CommerceClient["previewOrder"]>>;

const e164 = /^\+[1-9]\d{6,14}$/;
const inputSchema = z
  .object({
    type: z.enum(COMMERCE_PRODUCT_TYPES),
    priceToken: z.string().trim().min(1, "Choose a product first.").max(512),
    phone: z
      .string()
      .trim()
      .regex(e164, "Enter the phone number with its country code, e.g. +447400123456.")
      .optional(),
    catalogId: z.string().trim().min(1).max(100).optional(),
    smsNotification: z.boolean().optional(),
    smsText: z.string().max(140, "The SMS text can be at most 140 characters.").optional(),
  })
  .superRefine((v, ctx) => {
    // Which fields the product's request takes is the product's (its module's `upstream.fields`).
    const fields = commerceUpstreamOf(v.type)?.fields;
    if (!fields) return;
    if (fields.phone && !v.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: fields.phone });
    if (!fields.phone && v.phone)
      ctx.addIssue({ code: "custom", path: ["phone"], message: "A phone number is only needed for top-ups." });
    if (fields.catalogId && !v.catalogId)
      ctx.addIssue({ code: "custom", path: ["catalogId"], message: fields.catalogId });
    if (!fields.catalogId && v.catalogId)
      ctx.addIssue({ code: "custom", path: ["catalogId"], message: "A plan id is only needed for eSIMs." });
    if (!fields.sms && (v.smsNotification || v.smsText))
      ctx.addIssue({
        code: "custom",
        path: ["smsNotification"],
        message: "An SMS notice is available for mobile top-ups only.",
      });
  });

export async function quoteCommerceOrder(input: QuoteInput, options: QuoteOptions = {}): Promise<CommerceQuote> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new UpstreamError({
      api: "commerce",
      kind: "config",
      code: "INVALID_INPUT",
      message: `quote: ${first?.path.join(".")}: ${first?.message}`,
      userMessage: first?.message,
      retryable: false,
    });
  }
  const valid = parsed.data;
  const mode = options.mode ?? (await appCheckoutMode());
  const db = options.db ?? (await appDb());
  const commerce = options.commerce ?? (await resolveClients()).commerce;

  const detail: CommerceRequest = {
    priceToken: valid.priceToken,
    ...(valid.phone ? { phone: valid.phone } : {}),
    ...(valid.catalogId ? { catalogId: valid.catalogId } : {}),
    ...(valid.smsNotification ? { smsNotification: true } : {}),
    ...(valid.smsNotification && valid.smsText ? { smsText: valid.smsText } : {}),
  };
  // The product builds the body (its module's `upstream`), as placement does. A preview's
  // figures do not depend on the language; the order is placed in the buyer's.
  const body = commerceUpstreamOf(valid.type)?.body(detail, mode, DEFAULT_LOCALE);
  if (!body) throw new Error(`quote: no commerce request for a ${valid.type} order`);
  const preview = await previewWithReuse(db, commerce, body, options);
  const currency = (preview.currency ?? "EUR").toUpperCase();
  const smsFeeMinor = preview.sms_fee ?? 0;

  // With a payment link the buyer pays the upstream's hosted checkout its own total: the shop
  // cannot add anything to it, so the breakdown is the upstream's (no margin).
  const margin = mode === "payment_link" ? { percent: 0, fixedMinor: 0 } : await getMargin(db, valid.type);
  const retail = {
    productType: valid.type,
    costMinor: preview.total,
    costCurrency: currency,
    smsFeeMinor,
    amountMinor: Math.min(preview.recharge_amount, preview.total - smsFeeMinor),
    margin,
  };
  const buyerCurrency = mode === "payment_link" ? undefined : options.currency;
  const pricing =
    (buyerCurrency && retailIn(buyerCurrency, retail, options.exchange ?? null)) || retailBreakdown(retail);

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
    detail: {
      ...detail,
      product: (preview.product as Record<string, unknown> | null | undefined) ?? null,
      checkoutMode: mode,
    },
  };
}

/** The preview for `body`: a copy younger than cacheMs, or a live one (budget class "preview", the visitor's limit). */
async function previewWithReuse(
  db: DbClient,
  commerce: CommerceClient,
  body: OrderRequestBody,
  options: QuoteOptions,
): Promise<Preview> {
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? PREVIEW_CACHE_MS;
  const key = `${PREVIEW_CACHE_RESOURCE}:${createHash("sha256").update(JSON.stringify(body)).digest("base64url")}`;
  if (cacheMs > 0) {
    const row = await db.catalogCacheEntry.findUnique({ where: { key } });
    if (row?.value && row.expiresAt.getTime() > now()) return JSON.parse(row.value) as Preview;
  }
  if (options.visitor !== undefined) {
    const verdict = await limitVisitor(db, "preview", options.visitor);
    if (!verdict.allowed) {
      throw new UpstreamError({
        api: "commerce",
        kind: "network",
        code: VISITOR_LIMITED_CODE,
        message: `preview refused: the visitor's preview limit is spent (retry in ${verdict.retryAfterSeconds} s)`,
        userMessage: verdict.message,
        retryable: true,
        retryAfterMs: verdict.retryAfterSeconds * 1000,
      });
    }
  }
  const preview = await commerce.previewOrder(body, { priority: "preview" });
  if (cacheMs > 0) {
    const at = now();
    const data = {
      upstream: "commerce",
      resource: PREVIEW_CACHE_RESOURCE,
      value: JSON.stringify(preview),
      fetchedAt: new Date(at),
      expiresAt: new Date(at + cacheMs),
      lastError: null,
      lastErrorAt: null,
    };
    await db.catalogCacheEntry
      .upsert({ where: { key }, create: { key, ...data }, update: data })
      .then(() => sweepExpiredPreviews(db, at))
      .catch((error: unknown) => logger.warn({ err: error }, "preview not kept for reuse"));
  }
  return preview;
}

const lastSweep = new WeakMap<DbClient, number>();

/** Deletes expired previews, at most once a minute per process (their number grows with every phone number priced). */
function sweepExpiredPreviews(db: DbClient, at: number): void {
  if (at - (lastSweep.get(db) ?? 0) < PREVIEW_CACHE_MS) return;
  lastSweep.set(db, at);
  db.catalogCacheEntry
    .deleteMany({ where: { resource: PREVIEW_CACHE_RESOURCE, expiresAt: { lt: new Date(at) } } })
    .catch((error: unknown) => logger.warn({ err: error }, "expired previews not deleted"));
}
