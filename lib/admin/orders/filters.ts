import { z } from "zod";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { PRODUCT_TYPES } from "@/lib/products/registry";
import { normaliseSearchQuery } from "./search-index";

// The orders list's filters, read from the URL (so a filtered list can be bookmarked, and the
// CSV export gets exactly the same set). Bad values are dropped with a message, never a 500.

/** The product filter's choices: the products' registry (lib/products/registry.ts). */
export { PRODUCT_TYPES };
export const ORDER_STATUSES = [
  "awaiting_payment",
  "paid",
  "placing",
  "placed",
  "fulfilled",
  "failed",
  "cancelled",
  "refunded",
  "needs_attention",
] as const;
export const PAGE_SIZE = 25;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

const schema = z.object({
  product: z.enum(PRODUCT_TYPES).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  from: day.optional(),
  to: day.optional(),
  customer: z.string().trim().max(320).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

export type OrderFilters = z.infer<typeof schema>;
export type ParsedFilters = { filters: OrderFilters; problems: string[] };

const LABELS: Record<string, string> = {
  product: "product",
  status: "status",
  from: "from date",
  to: "to date",
  customer: "customer",
  q: "search",
  page: "page",
};

export function parseOrderFilters(
  params: Record<string, string | string[] | undefined> | URLSearchParams,
): ParsedFilters {
  const read = (key: string): string | undefined => {
    const value = params instanceof URLSearchParams ? params.get(key) : params[key];
    const one = Array.isArray(value) ? value[0] : value;
    return one === undefined || one === null || one.trim() === "" ? undefined : one;
  };
  const filters: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const key of Object.keys(schema.shape) as Array<keyof typeof schema.shape>) {
    const raw = read(key);
    if (raw === undefined) continue;
    const parsed = schema.shape[key].safeParse(raw);
    if (parsed.success) filters[key] = parsed.data;
    else problems.push(`Ignored the ${LABELS[key]} "${raw.slice(0, 40)}": not a valid value.`);
  }
  const result = filters as OrderFilters;
  if (result.from && result.to && result.from > result.to) {
    problems.push("The from date is after the to date: showing nothing until that is fixed.");
  }
  return { filters: result, problems };
}

/** The Prisma filter for a set of filters; dates are whole UTC days, both ends included. */
export function orderWhere(filters: OrderFilters): Prisma.OrderWhereInput {
  const and: Prisma.OrderWhereInput[] = [];
  if (filters.product) and.push({ productType: filters.product });
  if (filters.status) and.push({ status: filters.status });
  if (filters.from) and.push({ createdAt: { gte: new Date(`${filters.from}T00:00:00.000Z`) } });
  if (filters.to) and.push({ createdAt: { lt: new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + 86_400_000) } });
  if (filters.customer) {
    const customer = filters.customer.toLowerCase();
    and.push({ OR: [{ customerEmail: { contains: customer } }, { userId: filters.customer }] });
  }
  if (filters.q) {
    const q = normaliseSearchQuery(filters.q);
    if (q) and.push({ searchText: { contains: q } });
  }
  return and.length ? { AND: and } : {};
}

/** The same filters as URL search params (links, pagination, the CSV export). */
export function filtersToSearch(filters: OrderFilters, overrides: Partial<OrderFilters> = {}): string {
  const merged = { ...filters, ...overrides };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined || value === null || value === "" || (key === "page" && value === 1)) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
