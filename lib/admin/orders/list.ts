import "server-only";
import type { DbClient } from "@/lib/db";
import { orderWhere, PAGE_SIZE, type OrderFilters } from "./filters";
import { refreshSearchIndex } from "./search-index";

export const LIST_SELECT = {
  id: true,
  ref: true,
  productType: true,
  status: true,
  upstreamStatus: true,
  customerEmail: true,
  userId: true,
  retailAmount: true,
  currency: true,
  createdAt: true,
} as const;

/** One page of the filtered orders, newest first, with the total for the pager. */
export async function listOrders(db: DbClient, filters: OrderFilters) {
  if (filters.q) await refreshSearchIndex(db);
  const where = filters.from && filters.to && filters.from > filters.to ? { id: "" } : orderWhere(filters);
  const total = await db.order.count({ where });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(filters.page ?? 1, pages);
  const rows = await db.order.findMany({
    where,
    select: LIST_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
  });
  return { rows, total, page, pages };
}
