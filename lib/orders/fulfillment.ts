import type { Order as CommerceOrder } from "@/lib/upstream/commerce/schemas";
import { asObject } from "./detail";

// `Order.fulfillment`: what the buyer receives, in one camelCase shape for the order page.
//   top-up    deliveryStatus
//   eSIM      iccid, lpaString, installUrl, qrCodeUrl, balanceAmount, balanceUnit,
//             balanceCheckedAt, balanceExpiration, consumption
//   gift card redemptionCode, redemptionUrl
//   unlock    instructions (multi-line text)
//   IMEI check imeiCheck (the report: device, errors, report, payment, extraInfo)
//   any       failureReason, upstreamRefund {amountMinor, refundedAt}, upstreamUpdatedAt
// The redemption code and LPA string are the product: shown on the order page, never logged
// and never copied into timeline events.

export type OrderFulfillment = {
  deliveryStatus?: string;
  iccid?: string;
  lpaString?: string;
  installUrl?: string;
  qrCodeUrl?: string;
  balanceAmount?: string;
  balanceUnit?: string;
  balanceCheckedAt?: string;
  balanceExpiration?: string;
  consumption?: Record<string, unknown>;
  redemptionCode?: string;
  redemptionUrl?: string;
  instructions?: string;
  imeiCheck?: Record<string, unknown>;
  failureReason?: string;
  upstreamRefund?: { amountMinor: number | null; refundedAt: string | null };
  upstreamUpdatedAt?: string;
};

/** List rows and webhook payloads say this instead of an eSIM's balance: not a value to keep. */
const NOT_A_BALANCE = "per order basis";

/** The fulfillment fields a commerce order record carries (null and absent fields left out). */
export function commerceFulfillment(order: CommerceOrder): OrderFulfillment {
  const out: OrderFulfillment = {};
  const set = <K extends keyof OrderFulfillment>(key: K, value: OrderFulfillment[K] | null | undefined) => {
    if (value !== null && value !== undefined && value !== "") out[key] = value;
  };
  set("deliveryStatus", order.delivery_status);
  set("iccid", order.iccid);
  set("lpaString", order.lpa_string);
  set("installUrl", order.install_url);
  set("qrCodeUrl", order.qr_code_url);
  if (order.balance_amount && order.balance_amount.toLowerCase() !== NOT_A_BALANCE) {
    set("balanceAmount", order.balance_amount);
    set("balanceUnit", order.balance_unit);
    set("balanceCheckedAt", order.balance_checked_at);
    set("balanceExpiration", order.balance_expiration);
    if (order.consumption) out.consumption = { ...order.consumption };
  }
  set("redemptionCode", order.redemption_code);
  set("redemptionUrl", order.redemption_url);
  set("failureReason", order.failure_reason);
  if (order.refund)
    out.upstreamRefund = { amountMinor: order.refund.amount ?? null, refundedAt: order.refund.refunded_at ?? null };
  set("upstreamUpdatedAt", order.updated_at);
  return out;
}

/** New values win; what the new record does not carry is kept (a list row has fewer fields). */
export function mergeFulfillment(current: unknown, update: OrderFulfillment): OrderFulfillment {
  return { ...(asObject(current) as OrderFulfillment), ...update };
}

/** Deep equality of two JSON values (key order ignored), to write and record only real changes. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
