import { z } from "zod";
import { money, opaqueId, upstreamId, type CommerceType, type OrderStatus } from "./common";
import { esimBalanceFields } from "./esim";

// Orders (spec sections 2–4; fields from upstream-notes). Amounts are in EUR (the credit
// currency) and become integer cents. `type` and `status` are kept as sent: an unknown
// status must not make an order unreadable (upstream-notes: treat it as processing, log it).

const orderType = z
  .string()
  .min(1)
  .transform((value): CommerceType | (string & {}) => value);
const orderStatus = z
  .string()
  .min(1)
  .transform((value): OrderStatus => value);

/** Body of preview and create (spec section 2 plus upstream-notes "Order request"). */
export type OrderRequestBody = {
  /** Always: the token copied from the catalog step. */
  price_token: string;
  /** Top-up only, E.164. */
  phone?: string;
  /** eSIM only, from the plan list. */
  catalog_id?: string;
  lang?: string;
  /** Top-up only; adds the 0.99 EUR SMS fee. */
  sms_notification?: boolean;
  /** At most 140 characters. */
  sms_text?: string;
  checkout_mode?: "credits" | "payment_link";
};

const productSchema = z.looseObject({
  name: z.string().nullish(),
  description: z.string().nullish(),
  operator_id: upstreamId.nullish(),
  operator_name: z.string().nullish(),
  service_type: z.string().nullish(),
  catalog_id: z.string().nullish(),
  country_iso: z.string().nullish(),
});

/**
 * The preview's money, by meaning → the names it may come under. C§2 "Preview result" names the
 * breakdown in words only (recharge amount, service fee, optional SMS fee, total, credit
 * applied); the first name of each is the observed one, the second the way C§2 "Rate" prints
 * money (`service_fee_eur`, `total_cost_eur`), in EUR. One place, so a deployment can match the
 * live service. docs/upstream-contract.md.
 */
export const PREVIEW_MONEY_NAMES = {
  recharge_amount: ["recharge_amount", "recharge_amount_eur"],
  service_fee: ["service_fee", "service_fee_eur"],
  sms_fee: ["sms_fee", "sms_fee_eur"],
  total: ["total", "total_cost_eur"],
  credit_applied: ["credit_applied", "credit_applied_eur"],
} as const;

type PreviewMoney = keyof typeof PREVIEW_MONEY_NAMES;

/** The first of a meaning's names present in the answer (null counts as absent). */
function previewMoney(raw: Record<string, unknown>, meaning: PreviewMoney, ctx: z.RefinementCtx): number | null {
  for (const name of PREVIEW_MONEY_NAMES[meaning]) {
    const value = raw[name];
    if (value === undefined || value === null) continue;
    const parsed = money.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({
      code: "custom",
      path: [name],
      message: parsed.error.issues[0]?.message ?? "expected a decimal amount",
    });
    return null;
  }
  return null;
}

const previewRest = z.looseObject({
  type: orderType.optional(),
  checkout_mode: z.string().optional(),
  environment: z.string().optional(),
  currency: z.string().optional(),
  amount_due: money.nullish(),
  balance: money.nullish(),
  balance_after: money.nullish(),
  sufficient_credits: z.boolean().nullish(),
  product: productSchema.nullish(),
});

/**
 * POST /orders/preview (C§2 "Preview result"): recharge amount, service fee, optional SMS fee,
 * total and credit applied; account-specific, authoritative, no debit. Read under either name
 * of PREVIEW_MONEY_NAMES into the first; only the total is required (the shop costs an order by
 * it): a missing recharge amount is the total less the fees, a missing service fee what the
 * total leaves over the recharge amount.
 */
export const previewSchema = previewRest.transform((raw, ctx) => {
  const total = previewMoney(raw, "total", ctx);
  const sms = previewMoney(raw, "sms_fee", ctx);
  const fee = previewMoney(raw, "service_fee", ctx);
  const recharge = previewMoney(raw, "recharge_amount", ctx);
  const credit = previewMoney(raw, "credit_applied", ctx);
  if (total === null) {
    ctx.addIssue({
      code: "custom",
      path: ["total"],
      message: `a preview has a total (${PREVIEW_MONEY_NAMES.total.join(" or ")})`,
    });
    return z.NEVER;
  }
  const smsFee = sms ?? 0;
  const rechargeAmount = recharge ?? total - (fee ?? 0) - smsFee;
  const usedEurNames = PREVIEW_MONEY_NAMES.total.slice(1).some((name) => raw[name] !== undefined && raw[name] !== null);
  return {
    ...raw,
    recharge_amount: rechargeAmount,
    service_fee: fee ?? Math.max(total - rechargeAmount - smsFee, 0),
    sms_fee: sms,
    total,
    credit_applied: credit,
    currency: raw.currency ?? (usedEurNames ? "EUR" : undefined),
  };
});
export type OrderPreview = z.infer<typeof previewSchema>;

/**
 * POST /orders. C§4 names for a PRO create `order_id`, `type` and the credits debited; for a
 * payment-link checkout `payment_link` (and `order_id` when one exists). Everything else is the
 * notes' (`status`, `credits_used`, `checkout_hash`, …) and optional: without `status` the order
 * core reads GET /orders/{id}; without `credits_used` it costs the order by its preview.
 */
export const createdOrderSchema = z
  .looseObject({
    type: orderType.nullish(),
    status: orderStatus.nullish(),
    order_id: opaqueId.nullish(),
    payment_link: z.string().nullish(),
    checkout_hash: z.string().nullish(),
    checkout_mode: z.string().nullish(),
    credits_used: money.nullish(),
    total: money.nullish(),
    currency: z.string().nullish(),
    expires_at: z.string().nullish(),
    environment: z.string().nullish(),
    created_at: z.string().nullish(),
    /** The values that may be shown to a buyer. */
    show_to_user: z.looseObject({}).nullish(),
  })
  .refine((order) => Boolean(order.order_id) || Boolean(order.payment_link), {
    message: "a created order has an order_id or a payment_link",
    path: ["order_id"],
  });
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** upstream-notes: a checkout hash is 32–64 hex characters. */
const CHECKOUT_HASH = /^[0-9a-f]{32,64}$/i;

/**
 * The checkout a payment-link create started, as C§2/C§3 filter GET /orders by it. The notes'
 * answer carries `checkout_hash`; C§4's carries only `payment_link`, so the hash is read from the
 * link: its `checkout_hash` query parameter, else its last path segment when that has a hash's
 * form. null: the checkout cannot be followed (the caller must not send the buyer to it).
 */
export function checkoutHashOf(created: Pick<CreatedOrder, "checkout_hash" | "payment_link">): string | null {
  if (created.checkout_hash) return created.checkout_hash;
  if (!created.payment_link) return null;
  let url: URL;
  try {
    url = new URL(created.payment_link);
  } catch {
    return null;
  }
  const query = url.searchParams.get("checkout_hash");
  if (query && CHECKOUT_HASH.test(query)) return query;
  const last = url.pathname.split("/").filter(Boolean).at(-1) ?? "";
  return CHECKOUT_HASH.test(last) ? last : null;
}

/** GET /orders/{id} and GET /orders rows (and the `data` of webhook events). */
export const orderSchema = z.looseObject({
  order_id: opaqueId,
  type: orderType,
  status: orderStatus,
  environment: z.string().nullish(),
  checkout_mode: z.string().nullish(),
  /** Machine only: never show it to a buyer. */
  checkout_hash: z.string().nullish(),
  payment_link: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  fulfilled_at: z.string().nullish(),
  failed_at: z.string().nullish(),
  product: productSchema.nullish(),
  phone: z.string().nullish(),
  catalog_id: z.string().nullish(),
  recharge_amount: money.nullish(),
  service_fee: money.nullish(),
  sms_fee: money.nullish(),
  total: money.nullish(),
  currency: z.string().nullish(),
  credits_used: money.nullish(),
  /** Top-up fulfillment. */
  delivery_status: z.string().nullish(),
  /** eSIM fulfillment (spec section 2). */
  iccid: z.string().nullish(),
  lpa_string: z.string().nullish(),
  install_url: z.string().nullish(),
  qr_code_url: z.string().nullish(),
  ...esimBalanceFields,
  /** Gift card fulfillment: the PIN and/or a URL. */
  redemption_code: z.string().nullish(),
  redemption_url: z.string().nullish(),
  failure_reason: z.string().nullish(),
  refund: z.looseObject({ amount: money.nullish(), refunded_at: z.string().nullish() }).nullish(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * A GET /orders row. C§4 names the list's fields no further than C§2's order record, which has
 * no `status`: a row may come without one (the order's own record, GET /orders/{id}, has it).
 */
export const orderRowSchema = orderSchema.extend({ status: orderStatus.nullish() });
export type OrderRow = z.infer<typeof orderRowSchema>;

/** Query of GET /orders (spec section 4 and upstream-notes). */
export type ListOrdersQuery = {
  type?: CommerceType;
  checkout_hash?: string;
  delivery_status?: string;
  limit?: number;
  cursor?: string;
};
