import type { DbClient } from "@/lib/db/create-client";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { forgetCommerceReceiverSettings } from "./receiver-settings";
import { WEBHOOK_SETTINGS } from "./setting-keys";

// The commerce webhook subscription as the shop remembers it, in `Setting`: the upstream's
// subscription id and receiver URL in plain text, the signing secret sealed with
// APP_ENCRYPTION_KEY (it signs every delivery; whoever reads it can forge events). The
// receiver reads them through a short-lived cache (receiver-settings.ts): every write here
// forgets it, so this process verifies with the new secret from the next delivery on.

export { WEBHOOK_SETTINGS };

/** The shop's signing secret for commerce deliveries, or null when none is stored. */
export async function readCommerceWebhookSecret(db: DbClient, encryptionKey: string): Promise<string | null> {
  const row = await db.setting.findUnique({ where: { key: WEBHOOK_SETTINGS.secret } });
  if (!row) return null;
  return row.encrypted ? openSecret(row.value, encryptionKey) : row.value;
}

/** The connection the shop's subscription belongs to (null before one was recorded). */
export async function readCommerceWebhookConnection(db: DbClient): Promise<string | null> {
  return (await db.setting.findUnique({ where: { key: WEBHOOK_SETTINGS.connection } }))?.value ?? null;
}

/** Records which connection's account holds the subscription (kept true at every start, subscription.ts). */
export async function storeSubscriptionConnection(db: DbClient, connectionId: string): Promise<void> {
  const row = { key: WEBHOOK_SETTINGS.connection, value: connectionId, encrypted: false, updatedBy: "system" };
  await db.setting.upsert({ where: { key: row.key }, create: row, update: row });
  forgetCommerceReceiverSettings(db);
}

/** Stores a subscription (id, URL, sealed secret and the connection that holds it) in one transaction. */
export async function storeSubscription(
  db: DbClient,
  input: { id: string; url: string; secret: string; encryptionKey: string; connectionId: string },
): Promise<void> {
  const rows = [
    { key: WEBHOOK_SETTINGS.id, value: input.id, encrypted: false },
    { key: WEBHOOK_SETTINGS.url, value: input.url, encrypted: false },
    { key: WEBHOOK_SETTINGS.secret, value: sealSecret(input.secret, input.encryptionKey), encrypted: true },
    { key: WEBHOOK_SETTINGS.connection, value: input.connectionId, encrypted: false },
  ];
  await db.$transaction(
    rows.map((row) =>
      db.setting.upsert({
        where: { key: row.key },
        create: { ...row, updatedBy: "system" },
        update: { ...row, updatedBy: "system" },
      }),
    ),
  );
  forgetCommerceReceiverSettings(db);
}
