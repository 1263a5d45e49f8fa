import type { DbClient } from "@/lib/db/create-client";
import { isUniqueViolation } from "@/lib/db/errors";
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

export async function readSetting(db: DbClient, key: string): Promise<string | null> {
  return (await db.setting.findUnique({ where: { key } }))?.value ?? null;
}

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

/**
 * Runs `work` only if no other process holds the lease `key` (a Setting row whose value is
 * "<owner> <expiry ms>"). Several app instances start at once on PostgreSQL: one registers
 * the webhook, the others see "busy". An expired lease (its holder died) is taken over.
 */
export async function withSettingLease<T>(db: DbClient, key: string, ttlMs: number, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  const owner = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const value = () => `${owner} ${Date.now() + ttlMs}`;
  let mine = value();
  try {
    await db.setting.create({ data: { key, value: mine, updatedBy: "system" } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const held = await readSetting(db, key);
    const expiry = Number(held?.split(" ")[1] ?? "0");
    if (held === null || expiry > Date.now()) return { ran: false };
    mine = value();
    const taken = await db.setting.updateMany({ where: { key, value: held }, data: { value: mine } });
    if (taken.count === 0) return { ran: false };
  }
  try {
    return { ran: true, value: await work() };
  } finally {
    await db.setting.deleteMany({ where: { key, value: mine } });
  }
}
