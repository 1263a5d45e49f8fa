import { Webhook, WebhookVerificationError } from "standardwebhooks";

// Signature check for the commerce API's webhook deliveries. The live service's scheme is
// not public; the project uses Standard Webhooks (upstream-notes), with the header names
// here and nowhere else. The library compares in constant time and allows 5 minutes of
// clock difference either way.

export const WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

export type RejectReason = "missing_headers" | "bad_signature" | "stale_timestamp" | "future_timestamp";

export type VerifyResult =
  { ok: true; eventId: string; timestamp: number } | { ok: false; reason: RejectReason; eventId?: string };

const REASONS: Record<string, RejectReason> = {
  "Missing required headers": "missing_headers",
  "Invalid Signature Headers": "bad_signature",
  "No matching signature found": "bad_signature",
  "Message timestamp too old": "stale_timestamp",
  "Message timestamp too new": "future_timestamp",
};

/**
 * Checks `rawBody` (the exact bytes received) against the headers with the shop's signing
 * secret, or a verifier already made from it (receiver-settings.ts keeps one, so the secret is
 * not decoded per delivery). Only the signature is checked: the body is not parsed here.
 */
export function verifyWebhook(rawBody: string, headers: Headers, secret: string | Webhook): VerifyResult {
  const picked = {
    [WEBHOOK_HEADERS.id]: headers.get(WEBHOOK_HEADERS.id) ?? "",
    [WEBHOOK_HEADERS.timestamp]: headers.get(WEBHOOK_HEADERS.timestamp) ?? "",
    [WEBHOOK_HEADERS.signature]: headers.get(WEBHOOK_HEADERS.signature) ?? "",
  };
  const eventId = picked[WEBHOOK_HEADERS.id] || undefined;
  if (!picked[WEBHOOK_HEADERS.id] || !picked[WEBHOOK_HEADERS.timestamp] || !picked[WEBHOOK_HEADERS.signature]) {
    return { ok: false, reason: "missing_headers", eventId };
  }
  try {
    // jsonParse: false: the library would parse the whole body after the signature held; the
    // receiver stores it first and only processing (after the answer) reads it.
    (typeof secret === "string" ? new Webhook(secret) : secret).verify(rawBody, picked, { jsonParse: false });
    return { ok: true, eventId: picked[WEBHOOK_HEADERS.id], timestamp: Number(picked[WEBHOOK_HEADERS.timestamp]) };
  } catch (error) {
    if (error instanceof WebhookVerificationError)
      return { ok: false, reason: REASONS[error.message] ?? "bad_signature", eventId };
    // A malformed secret or header value is a failed verification, never a crash.
    return { ok: false, reason: "bad_signature", eventId };
  }
}
