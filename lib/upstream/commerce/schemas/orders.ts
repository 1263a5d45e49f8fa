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
 * POST /orders/preview (spec section 2 "Preview result"): recharge amount, service fee,
 * optional SMS fee, total and credit applied; account-specific, authoritative, no debit.
 */
export const previewSchema = z.looseObject({
  recharge_amount: money,
  service_fee: money,
  sms_fee: money.nullish(),
  total: money,
  credit_applied: money,
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
export type OrderPreview = z.infer<typeof previewSchema>;

/**
 * POST /orders (upstream-notes "Create result"). PRO credits: `order_id`, credits debited.
 * Payment link: `status: "awaiting_payment"`, `order_id: null`, `payment_link`, and the
 * `checkout_hash` to poll GET /orders with (never shown to the buyer).
 */
export const createdOrderSchema = z
  .looseObject({
    type: orderType,
    status: orderStatus,
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

/** Query of GET /orders (spec section 4 and upstream-notes). */
export type ListOrdersQuery = {
  type?: CommerceType;
  checkout_hash?: string;
  delivery_status?: string;
  limit?: number;
  cursor?: string;
};
