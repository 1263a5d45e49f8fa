import { createDecipheriv } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import type { ShopDb } from "./db";

// What a test needs to craft deliveries to POST /api/webhooks/commerce: the shop's signing
// secret (stored sealed in Setting "commerce.webhook.secret", lib/webhooks/settings.ts) opened
// with the e2e server's APP_ENCRYPTION_KEY, and Standard Webhooks signing.

/** lib/crypto/secret-box.ts's format "v1.<nonce>.<ciphertext>.<tag>" (that module is server-only). */
export function openSealed(sealed: string, keyBase64: string): string {
  const [version, nonce, ciphertext, tag] = sealed.split(".");
  if (version !== "v1" || !nonce || !ciphertext || !tag) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", Buffer.from(keyBase64, "base64"), Buffer.from(nonce, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

export function commerceWebhookSecret(db: ShopDb, dataDir: string): string {
  const row = db.setting("commerce.webhook.secret");
  if (!row)
    throw new Error("the shop has no commerce webhook secret stored (was the subscription registered at start-up?)");
  if (!row.encrypted) return row.value;
  const { APP_ENCRYPTION_KEY } = JSON.parse(readFileSync(join(dataDir, "local-secrets.json"), "utf8")) as {
    APP_ENCRYPTION_KEY: string;
  };
  return openSealed(row.value, APP_ENCRYPTION_KEY);
}

/** Standard Webhooks headers for `body`, signed with `secret` as of `at`. */
export function signedHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  return {
    "content-type": "application/json",
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(eventId, at, body),
  };
}
