import type { Context } from "hono";
import type { EmulatorContext } from "../../core/context";
import { commerceError } from "../../core/envelope";

// Every error code the order core answers, with its HTTP status, in one table (the README
// lists the same). Codes named by the spec or upstream-notes keep their names.
export const ORDER_ERRORS = {
  INVALID_JSON: 400,
  INVALID_IDEMPOTENCY_KEY: 400,
  INVALID_QUERY: 400,
  INVALID_CURSOR: 400,
  INSUFFICIENT_CREDITS: 402,
  INVALID_QR_SIGNATURE: 403,
  ESIM_DISABLED: 404,
  ORDER_NOT_FOUND: 404,
  LINE_NOT_FOUND: 404,
  QR_NOT_FOUND: 404,
  WEBHOOK_NOT_FOUND: 404,
  CHECKOUT_NOT_FOUND: 404,
  CHECKOUT_NOT_PAYABLE: 409,
  ORDER_NOT_SETTLEABLE: 409,
  CHECKOUT_EXPIRED: 410,
  VALIDATION_ERROR: 422,
  INVALID_PRICE_TOKEN: 422,
  PRICE_TOKEN_EXPIRED: 422,
  PRICE_TOKEN_TYPE_MISMATCH: 422,
  PHONE_REQUIRED: 422,
  INVALID_PHONE: 422,
  PHONE_COUNTRY_MISMATCH: 422,
  CATALOG_ID_REQUIRED: 422,
  CATALOG_ID_MISMATCH: 422,
  UNEXPECTED_FIELD: 422,
  SMS_NOT_AVAILABLE: 422,
  CHECKOUT_MODE_NOT_ALLOWED: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  PREVIEW_REQUIRED: 422,
  WEBHOOK_URL_NOT_HTTPS: 422,
  WEBHOOK_LIMIT_REACHED: 422,
} as const;

export type OrderErrorCode = keyof typeof ORDER_ERRORS;

/** A failed step, carried back to the route that answers it. */
export type Failure = { code: OrderErrorCode; message: string; extra?: Record<string, unknown> };

export function orderError(c: Context, ctx: EmulatorContext, failure: Failure) {
  return commerceError(c, ctx, ORDER_ERRORS[failure.code], failure.code, failure.message, failure.extra);
}
