import type { Environment } from "../../core/accounts";
import type { CommerceType, PricedProduct } from "../priced-product";

// The order core's stored records. Times are milliseconds on the emulator clock.

/**
 * Order status values (README "State machine"): `awaiting_payment` belongs to a payment-link
 * checkout before an order exists; an order starts `processing` and ends `fulfilled`,
 * `failed` or `MANUAL_REVISION` (upper case as on the live service); a MANUAL_REVISION
 * order can still be settled to fulfilled or failed (control route).
 */
export type OrderStatus = "awaiting_payment" | "processing" | "fulfilled" | "failed" | "MANUAL_REVISION";

export type CheckoutMode = "credits" | "payment_link";

/** Top-up fulfillment field. */
export type DeliveryStatus = "pending" | "delivered" | "failed" | "manual_revision";

export type Pricing = { amountMinor: number; serviceFeeMinor: number; smsFeeMinor: number; totalMinor: number };

/** A create/preview body after validation, bound to the product its token resolved to. */
export type OrderRequest = {
  product: PricedProduct;
  phone: string | null;
  lang: string | null;
  smsNotification: boolean;
  smsText: string | null;
  pricing: Pricing;
};

export type EsimFulfillment = {
  iccid: string;
  lpaString: string;
  installUrl: string;
  qrTicketId: string;
  qrSig: string;
};
export type GiftcardFulfillment = { redemptionCode: string; redemptionUrl: string };

export type Order = {
  /** Monotonic insertion number: the keyset of GET /orders. */
  seq: number;
  orderId: string;
  accountId: string;
  environment: Environment;
  type: CommerceType;
  status: OrderStatus;
  checkoutMode: CheckoutMode;
  checkoutHash: string | null;
  request: OrderRequest;
  /** Credits debited (0 for payment-link orders). */
  creditsUsedMinor: number;
  createdAt: number;
  updatedAt: number;
  fulfilledAt: number | null;
  failedAt: number | null;
  deliveryStatus: DeliveryStatus | null;
  esim: EsimFulfillment | null;
  giftcard: GiftcardFulfillment | null;
  failureReason: string | null;
  refund: { amountMinor: number; at: number } | null;
};

export type CheckoutStatus = "awaiting_payment" | "paid" | "cancelled" | "expired";

export type Checkout = {
  hash: string;
  accountId: string;
  environment: Environment;
  request: OrderRequest;
  createdAt: number;
  expiresAt: number;
  /** Stored state; `expired` is derived from the clock (see checkoutStatus). */
  status: Exclude<CheckoutStatus, "expired">;
  orderId: string | null;
};

/** What a replayed Idempotency-Key answers: the original status and data. */
export type IdempotencyRecord = { fingerprint: string; createdAt: number; status: 201; data: unknown };

export type UsageSnapshot = {
  checkedAt: number;
  status: "ready" | "active" | "depleted" | "expired";
  activated: boolean;
  remainingGb: number | null;
  daysLeft: number;
  expiresAt: number | null;
};

export type EsimLine = {
  iccid: string;
  orderId: string;
  accountId: string;
  environment: Environment;
  product: PricedProduct;
  provisionedAt: number;
  activatesAt: number;
  topupsCount: number;
  /** Last provider read; reads within the five-minute gate return it unchanged. */
  snapshot: UsageSnapshot | null;
};

export type WebhookEvent = "order.created" | "order.fulfilled" | "order.failed";

export type WebhookSubscription = {
  id: string;
  accountId: string;
  url: string;
  events: WebhookEvent[];
  status: "active" | "disabled";
  secret: string;
  createdAt: number;
  updatedAt: number;
};

/** One attempt to deliver one event to one webhook (the control log shows every one). */
export type DeliveryAttempt = {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: WebhookEvent;
  url: string;
  attempt: number;
  at: string;
  status_code: number | null;
  error: string | null;
  succeeded: boolean;
  next_retry_at: string | null;
  gave_up: boolean;
  request: { headers: Record<string, string>; body: string };
  response_body: string | null;
};
