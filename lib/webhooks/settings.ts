import type { DbClient } from "@/lib/db/create-client";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";

// The commerce webhook subscription as the shop remembers it, in `Setting`: the upstream's
// subscription id and receiver URL in plain text, the signing secret sealed with
// APP_ENCRYPTION_KEY (it signs every delivery; whoever reads it can forge events).

export const WEBHOOK_SETTINGS = {
  id: "commerce.webhook.id",
  url: "commerce.webhook.url",
  secret: "commerce.webhook.secret",
  lock: "commerce.webhook.lock",
} as const;

/** The shop's signing secret for commerce deliveries, or null when none is stored. */
export async function readCommerceWebhookSecret(db: DbClient, encryptionKey: string): Promise<string | null> {
  const row = await db.setting.findUnique({ where: { key: WEBHOOK_SETTINGS.secret } });
  if (!row) return null;
  return row.encrypted ? openSecret(row.value, encryptionKey) : row.value;
}

/** Stores a subscription (id, URL and sealed secret) in one transaction. */
export async function storeSubscription(db: DbClient, input: { id: string; url: string; secret: string; encryptionKey: string }): Promise<void> {
  const rows = [
    { key: WEBHOOK_SETTINGS.id, value: input.id, encrypted: false },
    { key: WEBHOOK_SETTINGS.url, value: input.url, encrypted: false },
    { key: WEBHOOK_SETTINGS.secret, value: sealSecret(input.secret, input.encryptionKey), encrypted: true },
  ];
  await db.$transaction(rows.map((row) => db.setting.upsert({ where: { key: row.key }, create: { ...row, updatedBy: "system" }, update: { ...row, updatedBy: "system" } })));
}
