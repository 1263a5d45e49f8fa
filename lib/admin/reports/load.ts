import type { DbClient } from "@/lib/db/create-client";
import { aggregateReport, SALE_STATUSES, type Report } from "./aggregate";
import { rangeInstants, type DateRange } from "./range";

/**
 * The report for a date range, read from the orders (one query, only the columns needed).
 * Aggregation runs in the app rather than in SQL so that SQLite and PostgreSQL give the same
 * numbers (UTC days, JSON detail read the same way); a range is at most a year of orders.
 */
export async function loadReport(db: DbClient, range: DateRange & { currency?: string }): Promise<Report> {
  const orders = await db.order.findMany({
    where: { createdAt: rangeInstants(range), status: { in: [...SALE_STATUSES] } },
    select: {
      productType: true,
      status: true,
      currency: true,
      retailAmount: true,
      costAmount: true,
      costCurrency: true,
      createdAt: true,
      detail: true,
      pricing: true,
    },
  });
  return aggregateReport(orders, range);
}
