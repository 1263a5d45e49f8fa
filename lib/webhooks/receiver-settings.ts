import { Webhook } from "standardwebhooks";
import type { DbClient } from "@/lib/db/create-client";
import { openSecret } from "@/lib/crypto/secret-box";
import { WEBHOOK_SETTINGS } from "./setting-keys";

// What the commerce receiver needs on every delivery (the signing secret, opened and ready to
// verify with, and the connection that holds the subscription), kept in memory for a few
// seconds. Reading both rows and opening the sealed secret per delivery cost about as much as
// storing the receipt itself; both change only when the subscription is (re)registered
// or staff rotate or delete it. A change made in this process forgets the cached value at once
// (settings.ts calls forgetCommerceReceiverSettings); one made by another instance is seen here
// after at most RECEIVER_SETTINGS_TTL_MS, during which a delivery signed with the new secret is
// answered 401 and the sender delivers it again.

export const RECEIVER_SETTINGS_TTL_MS = 5_000;

export type CommerceReceiverSettings = {
  /** The opened signing secret, or null when none is stored (deliveries are answered 503). */
  secret: string | null;
  /** A Standard Webhooks verifier for `secret` (decoding the secret once, not per delivery). */
  verifier: Webhook | null;
  connectionId: string | null;
};

type Cached = { until: number; value: Promise<CommerceReceiverSettings> };

// Per database client: tests run several databases in one process.
const cache = new WeakMap<DbClient, Cached>();

/** The receiver's settings, from memory when read less than RECEIVER_SETTINGS_TTL_MS ago. */
export function commerceReceiverSettings(
  db: DbClient,
  encryptionKey: string,
  nowMs: number = Date.now(),
): Promise<CommerceReceiverSettings> {
  const cached = cache.get(db);
  if (cached && cached.until > nowMs) return cached.value;
  // Concurrent deliveries at expiry share one read; a failed read is not kept.
  const value = readReceiverSettings(db, encryptionKey);
  const entry = { until: nowMs + RECEIVER_SETTINGS_TTL_MS, value };
  cache.set(db, entry);
  value.catch(() => {
    if (cache.get(db) === entry) cache.delete(db);
  });
  return value;
}

/** Drops the cached settings (after this process wrote or deleted them). */
export function forgetCommerceReceiverSettings(db: DbClient): void {
  cache.delete(db);
}

async function readReceiverSettings(db: DbClient, encryptionKey: string): Promise<CommerceReceiverSettings> {
  const rows = await db.setting.findMany({
    where: { key: { in: [WEBHOOK_SETTINGS.secret, WEBHOOK_SETTINGS.connection] } },
  });
  const secretRow = rows.find((row) => row.key === WEBHOOK_SETTINGS.secret);
  const secret = secretRow
    ? secretRow.encrypted
      ? openSecret(secretRow.value, encryptionKey)
      : secretRow.value
    : null;
  return {
    secret,
    verifier: secret ? verifierFor(secret) : null,
    connectionId: rows.find((row) => row.key === WEBHOOK_SETTINGS.connection)?.value ?? null,
  };
}

/** A malformed stored secret gives no verifier: deliveries then fail verification (never a crash). */
function verifierFor(secret: string): Webhook | null {
  try {
    return new Webhook(secret);
  } catch {
    return null;
  }
}
