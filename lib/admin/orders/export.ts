import "server-only";
import { setImmediate } from "node:timers/promises";
import type { DbClient } from "@/lib/db";
import { currencyExponent } from "@/lib/money";
import { csvRow, ShopId } from "./csv";
import { orderWhere, type OrderFilters } from "./filters";
import { refreshSearchIndex } from "./search-index";

// The CSV export of exactly the filtered set, streamed: rows are read in batches with a
// keyset cursor (createdAt, id) and written as the client reads, so a large export holds at
// most one batch in memory. Between batches it yields to the event loop: SQLite's driver is
// synchronous, and a reader that keeps up would otherwise chain every batch in one go and hold
// up every other request until the export ends (bench/admin-orders.ts measures the delay).

const BATCH = 500;

export const EXPORT_COLUMNS = [
  "reference",
  "created_at",
  "product",
  "status",
  "upstream_status",
  "upstream_order_id",
  "customer_email",
  "amount",
  "currency",
  "paid_at",
  "fulfilled_at",
] as const;

function decimal(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor)
    .toString()
    .padStart(exponent + 1, "0");
  return `${sign}${abs.slice(0, -exponent)}.${abs.slice(-exponent)}`;
}

export function ordersCsvStream(db: DbClient, filters: OrderFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const where = filters.from && filters.to && filters.from > filters.to ? { id: "" } : orderWhere(filters);
  let cursor: { createdAt: Date; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          if (filters.q) await refreshSearchIndex(db);
          controller.enqueue(encoder.encode(csvRow(EXPORT_COLUMNS)));
          return;
        }
        await setImmediate();
        const after = cursor;
        const batch = await db.order.findMany({
          where: after
            ? {
                AND: [
                  where,
                  {
                    OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
                  },
                ],
              }
            : where,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: BATCH,
          select: {
            id: true,
            ref: true,
            createdAt: true,
            productType: true,
            status: true,
            upstreamStatus: true,
            upstreamOrderId: true,
            customerEmail: true,
            retailAmount: true,
            currency: true,
            paidAt: true,
            fulfilledAt: true,
          },
        });
        if (batch.length) {
          const text = batch
            .map((o) =>
              csvRow([
                new ShopId(o.ref),
                o.createdAt,
                o.productType,
                o.status,
                o.upstreamStatus,
                o.upstreamOrderId,
                o.customerEmail,
                decimal(o.retailAmount, o.currency),
                o.currency,
                o.paidAt,
                o.fulfilledAt,
              ]),
            )
            .join("");
          controller.enqueue(encoder.encode(text));
          const last = batch[batch.length - 1]!;
          cursor = { createdAt: last.createdAt, id: last.id };
        }
        if (batch.length < BATCH) controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
