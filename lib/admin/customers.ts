import "server-only";
import type { DbClient } from "@/lib/db";

export const CUSTOMER_PAGE_SIZE = 25;

/** Customer accounts, newest first, optionally matching an email or name fragment. */
export async function listCustomers(db: DbClient, { q, page }: { q?: string; page: number }) {
  const term = q?.trim();
  const where = {
    role: "customer" as const,
    ...(term ? { OR: [{ email: { contains: term.toLowerCase() } }, { name: { contains: term } }] } : {}),
  };
  const total = await db.user.count({ where });
  const pages = Math.max(1, Math.ceil(total / CUSTOMER_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db.user.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (current - 1) * CUSTOMER_PAGE_SIZE,
    take: CUSTOMER_PAGE_SIZE,
    select: {
      id: true,
      email: true,
      name: true,
      createdAt: true,
      disabledAt: true,
      _count: { select: { orders: true } },
    },
  });
  return { rows, total, page: current, pages };
}

export async function loadCustomer(db: DbClient, id: string) {
  const user = await db.user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, role: true, createdAt: true, disabledAt: true, locale: true },
  });
  if (!user || user.role !== "customer") return null;
  // Their account's orders, and guest orders placed with the same email before signing up.
  const orders = await db.order.findMany({
    where: { OR: [{ userId: user.id }, { customerEmail: user.email }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
    select: {
      id: true,
      ref: true,
      productType: true,
      status: true,
      upstreamStatus: true,
      customerEmail: true,
      retailAmount: true,
      currency: true,
      createdAt: true,
      userId: true,
    },
  });
  return { user, orders };
}
