import "server-only";
import type { DbClient } from "@/lib/db";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { asObject } from "@/lib/orders/detail";

// Staff search looks for a reference, email, phone number, IMEI or ICCID. Those live in the
// order's JSON columns, which SQLite and PostgreSQL query differently, so each order keeps a
// plain lower-cased `searchText` that one portable `contains` can search. Rather than touching
// every writer of `detail`/`fulfillment`, rows changed since they were indexed
// (`updatedAt > searchIndexedAt`) are re-indexed just before a search: cheap, since only
// changed rows are read, and it cannot miss a writer.

/** Only identifying fields: never the product itself (PINs, LPA strings) nor price tokens. */
const DETAIL_FIELDS = ["phone", "imei", "iccid", "recipientPhone", "recipientEmail"] as const;
const FULFILLMENT_FIELDS = ["iccid"] as const;

export function searchTextFor(
  order: Pick<Order, "ref" | "customerEmail" | "upstreamOrderId" | "detail" | "fulfillment">,
): string {
  const detail = asObject(order.detail);
  const fulfillment = asObject(order.fulfillment);
  const values = [order.ref, order.customerEmail, order.upstreamOrderId];
  for (const key of DETAIL_FIELDS) values.push(stringOf(detail[key]));
  for (const key of FULFILLMENT_FIELDS) values.push(stringOf(fulfillment[key]));
  const parts = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    parts.add(value.toLowerCase());
    // "+44 7400 123456" and "447400123456" should both find a phone number.
    const digits = value.replace(/\D/g, "");
    if (digits.length >= 6) parts.add(digits);
  }
  return [...parts].join(" | ");
}

/** What to look for in `searchText`: phone-like input is reduced to its digits. */
export function normaliseSearchQuery(query: string): string {
  const trimmed = query.trim().toLowerCase();
  if (/^[\d\s+()./-]+$/.test(trimmed) && /\d{3}/.test(trimmed.replace(/\D/g, ""))) return trimmed.replace(/\D/g, "");
  return trimmed;
}

const BATCH = 500;

/**
 * Indexes the orders written since they were last indexed (all of them by default, so a search
 * never misses one; the worker passes `maxRows` to bound its share). Safe with concurrent
 * writers. Each batch is one transaction: one commit per 500 rows rather than per row, which is
 * what a first search over a large backlog costs (bench/admin-orders.ts).
 */
export async function refreshSearchIndex(db: DbClient, options: { maxRows?: number } = {}): Promise<number> {
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  let indexed = 0;
  while (indexed < maxRows) {
    const stale = await db.order.findMany({
      where: { OR: [{ searchIndexedAt: null }, { updatedAt: { gt: db.order.fields.searchIndexedAt } }] },
      select: {
        id: true,
        ref: true,
        customerEmail: true,
        upstreamOrderId: true,
        detail: true,
        fulfillment: true,
        updatedAt: true,
      },
      take: Math.min(BATCH, maxRows - indexed),
    });
    if (stale.length === 0) break;
    // Keeps updatedAt as it was (indexing is not a change) and only if nobody wrote the row
    // meanwhile; a row changed in between stays stale and is indexed by a later round.
    const done = await db.$transaction(
      stale.map((order) =>
        db.order.updateMany({
          where: { id: order.id, updatedAt: order.updatedAt },
          data: { searchText: searchTextFor(order), searchIndexedAt: order.updatedAt, updatedAt: order.updatedAt },
        }),
      ),
    );
    const count = done.reduce((sum, result) => sum + result.count, 0);
    indexed += count;
    // Nothing took (every row was rewritten meanwhile): leave the rest to the next search
    // rather than spin against a busy writer.
    if (count === 0 || stale.length < BATCH) break;
  }
  return indexed;
}

function stringOf(value: unknown): string | null {
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}
