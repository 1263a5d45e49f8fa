// One error type for every upstream failure, tagged with what a caller needs to decide:
// which kind of failure, whether trying again can help, and what to tell a person.

export type UpstreamApi = "commerce" | "unlock" | "oauth";

export type UpstreamErrorKind =
  /** The request never got an answer it could use: DNS, refused, reset before sending. */
  | "network"
  /** No answer in time. */
  | "timeout"
  /** For calls that must not be repeated (order creation): sent, but the outcome is unknown. */
  | "unknown_outcome"
  /** The upstream answered with an error (HTTP status and/or envelope error code). */
  | "api"
  /** The upstream answered something that is not what the contract says. */
  | "validation"
  /** Our side refused to send: bad configuration, insecure transport, missing credentials. */
  | "config";

export class UpstreamError extends Error {
  readonly api: UpstreamApi;
  readonly kind: UpstreamErrorKind;
  /** The upstream's code as sent (e.g. "INSUFFICIENT_CREDITS", "rate_limited"), or ours for non-API kinds. */
  readonly code: string;
  /** The same code in one canonical spelling, so both spellings are handled alike. */
  readonly canonicalCode: string;
  readonly status?: number;
  readonly retryable: boolean;
  /** Safe to show a buyer or staff member: no internals, no secrets. */
  readonly userMessage: string;
  readonly requestId?: string;
  /** When the upstream said how long to wait (Retry-After / X-RateLimit-Reset). */
  readonly retryAfterMs?: number;

  constructor(init: {
    api: UpstreamApi;
    kind: UpstreamErrorKind;
    code: string;
    message: string;
    status?: number;
    retryable?: boolean;
    userMessage?: string;
    requestId?: string;
    retryAfterMs?: number;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = "UpstreamError";
    this.api = init.api;
    this.kind = init.kind;
    this.code = init.code;
    this.canonicalCode = canonicalCode(init.code);
    this.status = init.status;
    const known = KNOWN_CODES[this.canonicalCode];
    this.retryable = init.retryable ?? known?.retryable ?? defaultRetryable(init.kind, init.status);
    this.userMessage = init.userMessage ?? known?.userMessage ?? defaultUserMessage(init.kind);
    this.requestId = init.requestId;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/**
 * The spec and the live service spell some codes differently (`insufficient_scope` vs
 * `INSUFFICIENT_SCOPE`, `rate_limited` vs `RATE_LIMIT_EXCEEDED`); both map to one name here.
 */
const ALIASES: Record<string, string> = {
  RATE_LIMITED: "RATE_LIMIT_EXCEEDED",
  TOO_MANY_REQUESTS: "RATE_LIMIT_EXCEEDED",
};

export function canonicalCode(code: string): string {
  const upper = code.trim().toUpperCase();
  return ALIASES[upper] ?? upper;
}

type KnownCode = { retryable: boolean; userMessage: string };

const UNAVAILABLE = "This service is temporarily unavailable. Please try again in a few minutes.";
const SHOP_SETUP = "The shop cannot reach its supplier right now. Our staff have been notified.";

/** Every error code named in the specs and upstream-notes, with how to treat it. */
export const KNOWN_CODES: Record<string, KnownCode> = {
  // Commerce v2 (spec section 7 and upstream-notes)
  INSUFFICIENT_CREDITS: {
    retryable: false,
    userMessage:
      "Your order is paid and waiting: the shop is topping up its supplier balance. We will complete it shortly.",
  },
  ESIM_DISABLED: { retryable: false, userMessage: "Travel eSIMs are not available right now." },
  INSUFFICIENT_SCOPE: { retryable: false, userMessage: SHOP_SETUP },
  RATE_LIMIT_EXCEEDED: { retryable: true, userMessage: "The service is busy. Please try again in a moment." },
  INVALID_API_KEY: { retryable: false, userMessage: SHOP_SETUP },
  INVALID_API_SECRET: { retryable: false, userMessage: SHOP_SETUP },
  INVALID_TOKEN: { retryable: false, userMessage: SHOP_SETUP },
  API_KEY_REVOKED: { retryable: false, userMessage: SHOP_SETUP },
  API_ACCESS_DENIED: { retryable: false, userMessage: SHOP_SETUP },
  IP_ALLOWLIST_REQUIRED: { retryable: false, userMessage: SHOP_SETUP },
  IP_NOT_ALLOWED: { retryable: false, userMessage: SHOP_SETUP },
  ACCOUNT_NO_EMAIL: { retryable: false, userMessage: SHOP_SETUP },
  ORDER_NOT_FOUND: { retryable: false, userMessage: "We could not find that order with our supplier." },
  // Commerce v2 codes the emulator documents (emulator/commerce/*/README.md) where the spec says "not shown"
  INTERNAL_ERROR: { retryable: true, userMessage: UNAVAILABLE },
  INVALID_PHONE: {
    retryable: false,
    userMessage: "That phone number is not valid. Check the country code and the number.",
  },
  INVALID_PHONE_NUMBER: {
    retryable: false,
    userMessage: "That phone number is not valid. Check the country code and the number.",
  },
  NOT_A_MOBILE_NUMBER: {
    retryable: false,
    userMessage: "That number is not a mobile number: top-ups can only be sent to mobile phones.",
  },
  PHONE_REQUIRED: { retryable: false, userMessage: "Enter the phone number to top up." },
  PHONE_COUNTRY_MISMATCH: {
    retryable: false,
    userMessage: "That phone number belongs to another country than the operator chosen.",
  },
  COUNTRY_NOT_SUPPORTED: { retryable: false, userMessage: "We cannot top up numbers from that country yet." },
  INVALID_COUNTRY: { retryable: false, userMessage: "That country is not recognised." },
  OPERATOR_NOT_FOUND: { retryable: false, userMessage: "That operator is not available." },
  BRAND_NOT_FOUND: { retryable: false, userMessage: "That gift card brand is not available." },
  PLAN_NOT_FOUND: { retryable: false, userMessage: "That eSIM plan is no longer available." },
  IMAGE_NOT_FOUND: { retryable: false, userMessage: "That image is not available." },
  INVALID_PRICE_TOKEN: {
    retryable: false,
    userMessage: "This price is no longer valid. Please choose the product again.",
  },
  PRICE_TOKEN_EXPIRED: {
    retryable: false,
    userMessage: "This price has expired. Please choose the product again to see the current price.",
  },
  PRICE_TOKEN_TYPE_MISMATCH: {
    retryable: false,
    userMessage: "This product cannot be ordered this way. Please choose it again.",
  },
  CATALOG_ID_REQUIRED: { retryable: false, userMessage: "Please choose an eSIM plan." },
  CATALOG_ID_MISMATCH: { retryable: false, userMessage: "This eSIM plan changed. Please choose it again." },
  UNEXPECTED_FIELD: {
    retryable: false,
    userMessage: "We could not process this order. Please choose the product again.",
  },
  SMS_NOT_AVAILABLE: { retryable: false, userMessage: "An SMS notice is available for mobile top-ups only." },
  CHECKOUT_MODE_NOT_ALLOWED: { retryable: false, userMessage: SHOP_SETUP },
  IDEMPOTENCY_KEY_REUSED: {
    retryable: false,
    userMessage: "We could not process this order. Our staff have been notified.",
  },
  INVALID_IDEMPOTENCY_KEY: {
    retryable: false,
    userMessage: "We could not process this order. Our staff have been notified.",
  },
  INVALID_JSON: { retryable: false, userMessage: "We could not process this request. Please try again." },
  INVALID_QUERY: { retryable: false, userMessage: "We could not process this request. Please try again." },
  INVALID_CURSOR: { retryable: false, userMessage: "This list changed. Please reload the page." },
  VALIDATION_ERROR: {
    retryable: false,
    userMessage: "We could not process this request. Please check what you entered.",
  },
  LINE_NOT_FOUND: { retryable: false, userMessage: "We could not find that eSIM with our supplier." },
  QR_NOT_FOUND: {
    retryable: false,
    userMessage: "The QR code is not available. Use the activation code shown with your order.",
  },
  INVALID_QR_SIGNATURE: {
    retryable: false,
    userMessage: "The QR code is not available. Use the activation code shown with your order.",
  },
  CHECKOUT_NOT_FOUND: { retryable: false, userMessage: "This payment link is not valid." },
  CHECKOUT_NOT_PAYABLE: { retryable: false, userMessage: "This payment link was already used or cancelled." },
  CHECKOUT_EXPIRED: { retryable: false, userMessage: "This payment link has expired." },
  WEBHOOK_NOT_FOUND: { retryable: false, userMessage: "That webhook no longer exists." },
  WEBHOOK_URL_NOT_HTTPS: { retryable: false, userMessage: "Webhook addresses must start with https://." },
  WEBHOOK_LIMIT_REACHED: {
    retryable: false,
    userMessage: "The supplier allows at most 5 webhooks: delete one before adding another.",
  },
  // Ours: the OAuth refresh failed for good (invalid_grant) or the new token was refused too;
  // staff must connect the commerce account again.
  RECONNECT_NEEDED: { retryable: false, userMessage: UNAVAILABLE },
  // OAuth (spec section 7; RFC 6749 and RFC 7591)
  VERIFIED_EMAIL_NOT_ENABLED: {
    retryable: false,
    userMessage: "Connecting by account sign-in is not enabled for this account.",
  },
  INVALID_CLIENT_METADATA: { retryable: false, userMessage: "The connection request was refused by the supplier." },
  INVALID_REDIRECT_URI: { retryable: false, userMessage: "The connection request was refused by the supplier." },
  INVALID_REQUEST: { retryable: false, userMessage: "The supplier refused the request as invalid." },
  ACCESS_DENIED: { retryable: false, userMessage: "The connection was declined." },
  INVALID_GRANT: { retryable: false, userMessage: "The supplier connection has expired and must be reconnected." },
  INVALID_CLIENT: { retryable: false, userMessage: "The supplier connection must be set up again." },
  UNSUPPORTED_GRANT_TYPE: { retryable: false, userMessage: SHOP_SETUP },
  UNAUTHORIZED_CLIENT: { retryable: false, userMessage: SHOP_SETUP },
  INVALID_SCOPE: { retryable: false, userMessage: SHOP_SETUP },
  // Unlocking API (spec section 7)
  WRONG_ACCESS: { retryable: false, userMessage: SHOP_SETUP },
  API_ERROR: { retryable: false, userMessage: "The supplier could not complete this request." },
  // Ours: the deployment-wide request budget (lib/upstream/budget) is spent for this minute;
  // nothing was sent. Retry after `retryAfterMs` (the next budget window).
  BUDGET_EXHAUSTED: { retryable: true, userMessage: "The service is busy. Please try again in a moment." },
};

function defaultRetryable(kind: UpstreamErrorKind, status?: number): boolean {
  if (kind === "network" || kind === "timeout") return true;
  if (kind === "api" && status !== undefined) return status >= 500 || status === 429;
  return false;
}

function defaultUserMessage(kind: UpstreamErrorKind): string {
  return kind === "config" ? SHOP_SETUP : UNAVAILABLE;
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}
