import "server-only";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import type { DbClient } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { PRODUCT_MODULES, PRODUCT_TYPES } from "@/lib/products/registry";
import { asObject } from "./detail";
import type { OrderFulfillment } from "./fulfillment";

// The delivered secrets in `Order.fulfillment` are sealed at rest (docs/security.md, finding
// 10): whoever reads the database, a backup or an export sees that a code exists, never the
// code. This module alone decides which fields are secret and how they are stored:
//
//   stored  { iccid, deliveryStatus, balance…, codeRevealedAt, …, sealed: "v1.<nonce>.<ct>.<tag>" }
//   opened  { iccid, deliveryStatus, …, redemptionCode, redemptionUrl, lpaString, … }
//
// `sealed` is the secret box (lib/crypto/secret-box.ts, AES-256-GCM with APP_ENCRYPTION_KEY)
// of a JSON object holding the secret fields. Everything else stays readable, because the
// shop works with it (search by ICCID, balance gates, reveal times, IMEI reports).
//
// Writers: `sealFulfillment(openFulfillmentForWrite(stored) + changes)` is what goes into the
// column (it refuses to rewrite secrets it cannot open). Readers: `openFulfillment` where a
// secret is shown (the buyer's order page and reveal, the staff order page). Opening is idempotent (an opened record has
// no `sealed` key), and rows holding secrets in clear still read: they are
// sealed by their next write, or by `sealPlainFulfillments` (the worker's housekeeping).

/**
 * What the buyer receives and nobody else may read: codes, PINs, activation data, instructions.
 * Each product names its own (its module's `fulfilment.secretFields`, lib/products/<product>/module.ts).
 */
export const SECRET_FULFILLMENT_FIELDS: readonly (keyof OrderFulfillment)[] = [
  ...new Set(PRODUCT_TYPES.flatMap((type) => PRODUCT_MODULES[type].fulfilment.secretFields)),
];

/** The products whose orders can carry a secret: the ones the data step below walks. */
const PRODUCTS_WITH_SECRETS = PRODUCT_TYPES.filter((type) => PRODUCT_MODULES[type].fulfilment.secretFields.length > 0);

const SEALED = "sealed";

const SECRET = new Set<string>(SECRET_FULFILLMENT_FIELDS);

/**
 * The key of the secret box. Read from the process environment (validated at start-up by
 * lib/env), so the order core stays importable by the worker and tests without the app's env.
 */
function fulfillmentKey(): string {
  const key = process.env.APP_ENCRYPTION_KEY;
  if (!key) throw new Error("APP_ENCRYPTION_KEY is not set: delivered secrets cannot be sealed or opened");
  return key;
}

/** The stored fulfillment as the shop works with it, for display: secrets opened, `sealed` gone. */
export function openFulfillment(stored: unknown): OrderFulfillment & Record<string, unknown> {
  return open(stored, false);
}

/**
 * The same, before a write: throws when the secrets cannot be opened (a wrong
 * APP_ENCRYPTION_KEY), so that no write stores the record without them.
 */
export function openFulfillmentForWrite(stored: unknown): OrderFulfillment & Record<string, unknown> {
  return open(stored, true);
}

function open(stored: unknown, strict: boolean): OrderFulfillment & Record<string, unknown> {
  const record = { ...asObject(stored) };
  const sealed = record[SEALED];
  delete record[SEALED];
  if (typeof sealed !== "string") return record;
  try {
    const secrets = asObject(JSON.parse(openSecret(sealed, fulfillmentKey())));
    for (const field of SECRET_FULFILLMENT_FIELDS) {
      if (secrets[field] !== undefined) record[field] = secrets[field];
    }
  } catch (error) {
    if (strict)
      throw new Error(
        "the delivered secrets of this order cannot be opened (wrong APP_ENCRYPTION_KEY?): not rewritten",
        { cause: error },
      );
    // A wrong key or a damaged value: the order still shows, without its secrets (never the
    // sealed text in their place), and staff find the reason in the log.
    logger.error(
      { err: error instanceof Error ? error.message : String(error) },
      "delivered secrets of an order could not be opened (wrong APP_ENCRYPTION_KEY?)",
    );
  }
  return record;
}

/** What goes into `Order.fulfillment`: the secret fields of an opened record, sealed. */
export function sealFulfillment(opened: Record<string, unknown>): Prisma.InputJsonValue {
  const out: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(opened)) {
    if (key === SEALED || value === undefined) continue;
    if (SECRET.has(key)) secrets[key] = value;
    else out[key] = value;
  }
  if (Object.keys(secrets).length > 0) out[SEALED] = sealSecret(JSON.stringify(secrets), fulfillmentKey());
  return out as Prisma.InputJsonValue;
}

/** True when a stored fulfillment still holds a secret in clear (written before sealing). */
export function hasSecretsInClear(stored: unknown): boolean {
  const record = asObject(stored);
  return SECRET_FULFILLMENT_FIELDS.some((field) => record[field] !== undefined && record[field] !== null);
}

/** Setting row holding the data step's progress: the last order id it looked at, or "done". */
export const SEAL_CURSOR_KEY = "orders.fulfillmentSealCursor";
const DONE = "done";
const BATCH = 200;

/**
 * The data step for rows holding secrets in clear: walks the orders that can carry a secret once,
 * in id order (a cursor in `Setting`), and seals the fulfillment of those that hold one in
 * clear. Each row is rewritten only if nobody changed it meanwhile (compare-and-set on
 * `updatedAt`); a row that was changed was written sealed by its writer. Bounded per call
 * (`maxRows`), so the worker's housekeeping can run it every minute until it is done.
 * Returns the number of rows sealed.
 */
export async function sealPlainFulfillments(db: DbClient, options: { maxRows?: number } = {}): Promise<number> {
  const cursorRow = await db.setting.findUnique({ where: { key: SEAL_CURSOR_KEY } });
  if (cursorRow?.value === DONE) return 0;
  let cursor = cursorRow?.value ?? "";
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  let seen = 0;
  let sealed = 0;
  while (seen < maxRows) {
    const take = Math.min(BATCH, maxRows - seen);
    const rows = await db.order.findMany({
      where: { id: { gt: cursor }, productType: { in: PRODUCTS_WITH_SECRETS } },
      select: { id: true, fulfillment: true, updatedAt: true },
      orderBy: { id: "asc" },
      take,
    });
    for (const row of rows) {
      if (!hasSecretsInClear(row.fulfillment)) continue;
      const written = await db.order.updateMany({
        where: { id: row.id, updatedAt: row.updatedAt },
        data: { fulfillment: sealFulfillment(openFulfillmentForWrite(row.fulfillment)) },
      });
      sealed += written.count;
    }
    seen += rows.length;
    const finished = rows.length < take;
    cursor = rows.at(-1)?.id ?? cursor;
    const value = finished ? DONE : cursor;
    await db.setting.upsert({
      where: { key: SEAL_CURSOR_KEY },
      create: { key: SEAL_CURSOR_KEY, value, updatedBy: "system" },
      update: { value },
    });
    if (finished) break;
  }
  if (sealed > 0) logger.info({ sealed }, "delivered secrets of older orders sealed at rest");
  return sealed;
}
