import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openSealed } from "./webhooks";

// Reads the e2e server's SQLite database directly, to check what the issue says must hold in
// the database (one order, receipts, payment states), not just what the pages show. Read-only,
// except `expirePaymentNow`, which stands in for the passage of time (see there).

export type OrderRow = {
  id: string;
  ref: string;
  status: string;
  upstreamOrderId: string | null;
  upstreamStatus: string | null;
  userId: string | null;
  customerEmail: string;
  submissionId: string | null;
};
export type PaymentRow = { id: string; orderId: string; status: string; provider: string };
export type ReceiptRow = {
  id: string;
  eventId: string | null;
  eventType: string | null;
  verified: number;
  verifyError: string | null;
  status: string;
  rawBody: string;
};
export type EventRow = {
  type: string;
  fromStatus: string | null;
  toStatus: string | null;
  source: string;
  message: string | null;
};

export class ShopDb {
  private readonly db: Database.Database;

  constructor(dataDir: string, options: { readonly?: boolean } = {}) {
    this.db = new Database(join(dataDir, "shop.db"), { readonly: options.readonly ?? true, fileMustExist: true });
    this.db.pragma("busy_timeout = 5000");
  }

  close(): void {
    this.db.close();
  }

  ordersByEmail(email: string): OrderRow[] {
    return this.db
      .prepare(
        `SELECT id, ref, status, upstreamOrderId, upstreamStatus, userId, customerEmail, submissionId FROM "Order" WHERE customerEmail = ? ORDER BY createdAt`,
      )
      .all(email.toLowerCase()) as OrderRow[];
  }

  /** The outbox rows of an order: what was queued, what became of it. */
  mailsOf(orderId: string): Array<{ kind: string; status: string; attempts: number; error: string | null }> {
    return this.db
      .prepare(`SELECT kind, status, attempts, error FROM "MailOutbox" WHERE orderId = ? ORDER BY createdAt`)
      .all(orderId) as Array<{ kind: string; status: string; attempts: number; error: string | null }>;
  }

  /** A `Setting` row's stored value (sealed settings stay sealed). */
  settingValue(key: string): string | null {
    return (
      (this.db.prepare(`SELECT value FROM "Setting" WHERE key = ?`).get(key) as { value: string } | undefined)?.value ??
      null
    );
  }

  /** When the order was placed with the supplier (epoch ms), or null. */
  placedAt(id: string): number | null {
    const row = this.db.prepare(`SELECT placedAt FROM "Order" WHERE id = ?`).get(id) as
      { placedAt: string | number | null } | undefined;
    if (row?.placedAt == null) return null;
    return typeof row.placedAt === "number" ? row.placedAt : Date.parse(row.placedAt);
  }

  order(id: string): OrderRow {
    return this.db
      .prepare(
        `SELECT id, ref, status, upstreamOrderId, upstreamStatus, userId, customerEmail, submissionId FROM "Order" WHERE id = ?`,
      )
      .get(id) as OrderRow;
  }

  /** Where an order stands for staff: status, the reason shown, and the placement record. */
  orderState(id: string): {
    status: string;
    statusReason: string | null;
    upstreamOrderId: string | null;
    upstreamConnectionId: string | null;
    placement: Record<string, unknown> | null;
  } {
    const row = this.db
      .prepare(`SELECT status, statusReason, upstreamOrderId, upstreamConnectionId, detail FROM "Order" WHERE id = ?`)
      .get(id) as {
      status: string;
      statusReason: string | null;
      upstreamOrderId: string | null;
      upstreamConnectionId: string | null;
      detail: string;
    };
    const placement = (JSON.parse(row.detail) as { placement?: Record<string, unknown> }).placement ?? null;
    return {
      status: row.status,
      statusReason: row.statusReason,
      upstreamOrderId: row.upstreamOrderId,
      upstreamConnectionId: row.upstreamConnectionId,
      placement,
    };
  }

  /**
   * Brings the worker's next look at a `placing` order that no round holds forward to now, as if
   * its backoff (reconcileDelayMs) had passed: the lookups of an unclear create then follow one
   * another within seconds (their spacing is proved in lib/orders/reconcile.int.test.ts).
   */
  makeLookupDue(orderId: string): void {
    const past = new Date(Date.now() - 1_000).toISOString().replace("Z", "+00:00");
    this.db
      .prepare(`UPDATE "Order" SET nextPollAt = ? WHERE id = ? AND status = 'placing' AND leaseOwner IS NULL`)
      .run(past, orderId);
  }

  /** When the worker next looks at the order (epoch ms), or null: it never will by itself. */
  nextPollAt(orderId: string): number | null {
    const row = this.db.prepare(`SELECT nextPollAt FROM "Order" WHERE id = ?`).get(orderId) as {
      nextPollAt: number | string | null;
    };
    return row.nextPollAt === null ? null : new Date(row.nextPollAt).getTime();
  }

  /** The order's fulfillment JSON (what the supplier delivered, plus the shop's own marks). */
  fulfillment(orderId: string): Record<string, unknown> {
    const row = this.db.prepare(`SELECT fulfillment FROM "Order" WHERE id = ?`).get(orderId) as {
      fulfillment: string | null;
    };
    return row.fulfillment ? (JSON.parse(row.fulfillment) as Record<string, unknown>) : {};
  }

  /** What the order and its payments count in: the buyer's currency and amounts, and the supplier's cost. */
  money(orderId: string): {
    currency: string;
    retailAmount: number;
    costAmount: number | null;
    costCurrency: string | null;
    payments: Array<{ amount: number; currency: string; status: string }>;
  } {
    const order = this.db
      .prepare(`SELECT currency, retailAmount, costAmount, costCurrency FROM "Order" WHERE id = ?`)
      .get(orderId) as {
      currency: string;
      retailAmount: number;
      costAmount: number | null;
      costCurrency: string | null;
    };
    const payments = this.db
      .prepare(`SELECT amount, currency, status FROM "Payment" WHERE orderId = ? ORDER BY createdAt`)
      .all(orderId) as Array<{ amount: number; currency: string; status: string }>;
    return { ...order, payments };
  }

  payments(orderId: string): PaymentRow[] {
    return this.db
      .prepare(`SELECT id, orderId, status, provider FROM "Payment" WHERE orderId = ? ORDER BY createdAt`)
      .all(orderId) as PaymentRow[];
  }

  events(orderId: string): EventRow[] {
    return this.db
      .prepare(
        `SELECT type, fromStatus, toStatus, source, message FROM "OrderEvent" WHERE orderId = ? ORDER BY createdAt, id`,
      )
      .all(orderId) as EventRow[];
  }

  receiptsForEvent(eventId: string): ReceiptRow[] {
    return this.db
      .prepare(
        `SELECT id, eventId, eventType, verified, verifyError, status, rawBody FROM "WebhookReceipt" WHERE eventId = ? ORDER BY receivedAt`,
      )
      .all(eventId) as ReceiptRow[];
  }

  /** Receipts whose raw body contains `marker` (forged copies carry no event id). */
  receiptsWithBody(marker: string): ReceiptRow[] {
    return this.db
      .prepare(
        `SELECT id, eventId, eventType, verified, verifyError, status, rawBody FROM "WebhookReceipt" WHERE instr(rawBody, ?) > 0 ORDER BY receivedAt`,
      )
      .all(marker) as ReceiptRow[];
  }

  receiptCount(): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM "WebhookReceipt"`).get() as { n: number }).n;
  }

  setting(key: string): { value: string; encrypted: number } | undefined {
    return this.db.prepare(`SELECT value, encrypted FROM "Setting" WHERE key = ?`).get(key) as
      { value: string; encrypted: number } | undefined;
  }

  settingKeys(): string[] {
    return (this.db.prepare(`SELECT key FROM "Setting" ORDER BY key`).all() as Array<{ key: string }>).map(
      (r) => r.key,
    );
  }

  /**
   * Ends the lease a killed process held on an order (PLACEMENT_LEASE_MS, 90 s), as if that
   * long had passed, and makes the order due: the restarted worker must then reconcile it.
   */
  lapseLease(orderId: string): void {
    const past = new Date(Date.now() - 1_000).toISOString().replace("Z", "+00:00");
    this.db.prepare(`UPDATE "Order" SET leaseUntil = ?, nextPollAt = ? WHERE id = ?`).run(past, past, orderId);
  }

  /**
   * Moves a pending payment's expiry into the past, as if the buyer had walked away for the
   * whole checkout lifetime (PAYMENT_EXPIRY_MINUTES, at least one minute): the app's own
   * housekeeping must then expire it and cancel the order. Written in the column's own format.
   */
  expirePaymentNow(paymentId: string): void {
    const row = this.db.prepare(`SELECT expiresAt FROM "Payment" WHERE id = ?`).get(paymentId) as
      { expiresAt: unknown } | undefined;
    if (!row) throw new Error(`no payment ${paymentId}`);
    const past = Date.now() - 1_000;
    // Prisma's SQLite adapter stores "2026-01-31T12:00:00.000+00:00" text (compared as text).
    const value = typeof row.expiresAt === "number" ? past : new Date(past).toISOString().replace("Z", "+00:00");
    this.db.prepare(`UPDATE "Payment" SET expiresAt = ? WHERE id = ? AND status = 'pending'`).run(value, paymentId);
  }
}

/** One order's fulfillment JSON as stored (delivered secrets sealed), read on a short-lived connection. */
export function storedFulfillment(dataDir: string, orderId: string): Record<string, unknown> {
  const shop = new ShopDb(dataDir);
  try {
    return shop.fulfillment(orderId);
  } finally {
    shop.close();
  }
}

/**
 * One order's fulfillment as the shop works with it: the delivered secrets (codes, LPA strings,
 * instructions), stored sealed under `sealed` (lib/orders/sealed-fulfillment.ts), opened with
 * the e2e server's APP_ENCRYPTION_KEY.
 */
export function orderFulfillment(dataDir: string, orderId: string): Record<string, unknown> {
  const { sealed, ...rest } = storedFulfillment(dataDir, orderId);
  if (typeof sealed !== "string") return rest;
  const { APP_ENCRYPTION_KEY } = JSON.parse(readFileSync(join(dataDir, "local-secrets.json"), "utf8")) as {
    APP_ENCRYPTION_KEY: string;
  };
  return { ...rest, ...(JSON.parse(openSealed(sealed, APP_ENCRYPTION_KEY)) as Record<string, unknown>) };
}
