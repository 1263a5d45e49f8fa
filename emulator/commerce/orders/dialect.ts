import type { EmulatorContext } from "../../core/context";
import type { CommerceType } from "../priced-product";
import { formatMinor } from "./money";
import type { Pricing } from "./records";

// What the order core answers differently by dialect (README "Dialects"). `observed` follows
// ../../../../shared/spec/upstream-notes.md; `documented` answers only what commerce-api-v2.md
// names for orders (C§1, C§2, C§4), as if none of the notes held.

export const documented = (ctx: EmulatorContext): boolean => ctx.config.dialect === "documented";

/** upstream-notes "Order request": a repeated key returns the original order. The documents define no such key. */
export const honoursIdempotencyKey = (ctx: EmulatorContext): boolean => !documented(ctx);

/** C§1 "PRO account … Must preview before create": enforced only by the documented dialect. */
export const previewRequiredBeforeCreate = (ctx: EmulatorContext): boolean => documented(ctx);

/**
 * C§4 GET /orders: "completed orders". Read strictly by the documented dialect: only orders
 * that reached `fulfilled` (the live service calls that event `order.completed`, upstream-notes);
 * the observed dialect lists every order that exists.
 */
export const listsOnlyCompletedOrders = (ctx: EmulatorContext): boolean => documented(ctx);

/** How long a preview stands for a create of the same body (the documents give no window; an eSIM token lives 30 min too). */
export const PREVIEW_VALID_MS = 30 * 60_000;

/**
 * The documented dialect's name for the credits a PRO create debited (C§4 "credits debited").
 * Deliberately not the notes' `credits_used`: the shop must not need it (it costs the order
 * from its preview).
 */
export const DOCUMENTED_CREDITS_FIELD = "credits_debited";

/** C§4 PRO create: `order_id`, `type`, credits debited; nothing else (no `status`). */
export function documentedCreditsAnswer(order: { orderId: string; type: CommerceType; creditsUsedMinor: number }) {
  return { order_id: order.orderId, type: order.type, [DOCUMENTED_CREDITS_FIELD]: formatMinor(order.creditsUsedMinor) };
}

/** C§4 consumer/guest create: `payment_link` (and `order_id` when one exists: never at create). No `checkout_hash`. */
export function documentedCheckoutAnswer(paymentLink: string) {
  return { payment_link: paymentLink };
}

/**
 * C§2 "Preview result" names the breakdown in words only; the documented dialect spells it the
 * way C§2 "Rate" prints money (`service_fee_eur`, `total_cost_eur`): `recharge_amount_eur`,
 * `service_fee_eur`, `sms_fee_eur` (only when an SMS was asked for), `total_cost_eur`,
 * `credit_applied_eur`.
 */
export function documentedPreviewAnswer(pricing: Pricing, creditsMode: boolean) {
  return {
    recharge_amount_eur: formatMinor(pricing.amountMinor),
    service_fee_eur: formatMinor(pricing.serviceFeeMinor),
    ...(pricing.smsFeeMinor > 0 ? { sms_fee_eur: formatMinor(pricing.smsFeeMinor) } : {}),
    total_cost_eur: formatMinor(pricing.totalMinor),
    credit_applied_eur: formatMinor(creditsMode ? pricing.totalMinor : 0),
  };
}
