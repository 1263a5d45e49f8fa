import type { PricedProduct } from "../priced-product";
import type { OrdersDeps } from "./deps";
import { balanceFields, readUsage } from "./esim-usage";
import { qrCodeUrl } from "./esim-provisioning";
import { formatMinor, ORDER_CURRENCY } from "./money";
import type { Order, Pricing } from "./records";

// How orders look on the wire. One shape for detail, list rows and webhook payloads; only
// the eSIM balance differs: detail reads it (five-minute gate), list rows and events say
// "per order basis" like the live list (upstream-notes).

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const LIST_BALANCE_AMOUNT = "per order basis";

export function productView(product: PricedProduct) {
  return {
    name: product.productName,
    description: product.description,
    operator_id: product.operatorId ?? null,
    operator_name: product.operatorName ?? null,
    service_type: product.serviceType ?? null,
    catalog_id: product.catalogId ?? null,
    country_iso: product.countryIso,
    data_gb: product.type === "esim" ? (product.dataGb ?? null) : undefined,
    unlimited: product.type === "esim" ? (product.unlimited ?? false) : undefined,
    validity_days: product.type === "esim" ? (product.validityDays ?? null) : undefined,
  };
}

export function pricingView(pricing: Pricing) {
  return {
    recharge_amount: formatMinor(pricing.amountMinor),
    service_fee: formatMinor(pricing.serviceFeeMinor),
    sms_fee: formatMinor(pricing.smsFeeMinor),
    total: formatMinor(pricing.totalMinor),
    currency: ORDER_CURRENCY,
  };
}

function fulfillmentFields(deps: OrdersDeps, order: Order, mode: "detail" | "list") {
  if (order.type === "topup") return { delivery_status: order.deliveryStatus };
  if (order.type === "giftcard") {
    return {
      redemption_code: order.giftcard?.redemptionCode ?? null,
      redemption_url: order.giftcard?.redemptionUrl ?? null,
    };
  }
  const esim = order.esim;
  const fields = {
    iccid: esim?.iccid ?? null,
    lpa_string: esim?.lpaString ?? null,
    install_url: esim?.installUrl ?? null,
    qr_code_url: esim ? qrCodeUrl(deps.ctx.config.publicUrl, esim.qrTicketId, esim.qrSig) : null,
  };
  if (mode === "list") return { ...fields, balance_amount: LIST_BALANCE_AMOUNT };
  const line = esim ? deps.state.lines.get(esim.iccid) : undefined;
  if (!line) {
    return {
      ...fields,
      balance_amount: null,
      balance_unit: null,
      balance_checked_at: null,
      balance_expiration: null,
      consumption: null,
    };
  }
  return { ...fields, ...balanceFields(line, readUsage(line, deps.ctx.clock.now())) };
}

/** GET /orders/{id} (mode "detail"), GET /orders rows and webhook payloads (mode "list"). */
export function orderView(deps: OrdersDeps, order: Order, mode: "detail" | "list") {
  const { request } = order;
  return {
    order_id: order.orderId,
    type: order.type,
    status: order.status,
    environment: order.environment,
    checkout_mode: order.checkoutMode,
    checkout_hash: order.checkoutHash,
    created_at: iso(order.createdAt),
    updated_at: iso(order.updatedAt),
    fulfilled_at: iso(order.fulfilledAt),
    failed_at: iso(order.failedAt),
    product: productView(request.product),
    phone: order.type === "topup" ? request.phone : undefined,
    catalog_id: order.type === "esim" ? (request.product.catalogId ?? null) : undefined,
    lang: request.lang,
    sms_notification: order.type === "topup" ? request.smsNotification : undefined,
    sms_text: order.type === "topup" ? request.smsText : undefined,
    ...pricingView(request.pricing),
    credits_used: formatMinor(order.creditsUsedMinor),
    ...fulfillmentFields(deps, order, mode),
    failure_reason: order.failureReason,
    refund: order.refund ? { amount: formatMinor(order.refund.amountMinor), refunded_at: iso(order.refund.at) } : null,
  };
}

/** POST /orders answer for an order that exists (credits, or replayed). */
export function createdOrderResult(order: Order) {
  const total = formatMinor(order.request.pricing.totalMinor);
  return {
    type: order.type,
    status: order.status,
    order_id: order.orderId,
    credits_used: formatMinor(order.creditsUsedMinor),
    currency: ORDER_CURRENCY,
    total,
    environment: order.environment,
    checkout_mode: order.checkoutMode,
    payment_link: null,
    checkout_hash: null,
    expires_at: null,
    created_at: iso(order.createdAt),
    show_to_user: {
      order_id: order.orderId,
      status: order.status,
      product_name: order.request.product.productName,
      total,
      currency: ORDER_CURRENCY,
    },
  };
}
