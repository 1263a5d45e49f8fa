import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

// Standard Webhooks (upstream-notes): the live service's signature headers are not public,
// so the project signs the standard way. Header names live here and nowhere else.
export const WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

/** `whsec_` + base64 of 24 random bytes (the HMAC key is the decoded part). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/**
 * Headers for one attempt. The timestamp is real wall-clock time, not the emulator clock:
 * receivers check it against their own clock (5-minute tolerance), and a test that moved
 * the emulator clock forward must still get deliveries that verify.
 */
export function signedHeaders(
  secret: string,
  messageId: string,
  body: string,
  sentAt = new Date(),
): Record<string, string> {
  return {
    [WEBHOOK_HEADERS.id]: messageId,
    [WEBHOOK_HEADERS.timestamp]: String(Math.floor(sentAt.getTime() / 1000)),
    [WEBHOOK_HEADERS.signature]: new Webhook(secret).sign(messageId, sentAt, body),
  };
}
