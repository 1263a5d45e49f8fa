import "server-only";
import type { DbClient } from "@/lib/db";
import { checkHealth } from "@/lib/health";
import { logger } from "@/lib/log";
import { appClients } from "@/lib/orders/clients";
import { isUpstreamError } from "@/lib/upstream/errors";

// The dashboard home's figures. "Today" is the current UTC day (docs/admin.md): sales are the
// orders paid since midnight UTC that were not refunded, per currency.

export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function todaysSales(db: DbClient, now = new Date()) {
  const since = startOfUtcDay(now);
  const groups = await db.order.groupBy({
    by: ["currency"],
    where: { paidAt: { gte: since }, status: { not: "refunded" } },
    _sum: { retailAmount: true },
    _count: { _all: true },
  });
  return groups.map((g) => ({ currency: g.currency, totalMinor: g._sum.retailAmount ?? 0, orders: g._count._all }));
}

export async function ordersNeedingAttention(db: DbClient) {
  const where = { status: "needs_attention" as const };
  const [count, rows] = await Promise.all([
    db.order.count({ where }),
    db.order.findMany({
      where,
      orderBy: { updatedAt: "desc" },
      take: 5,
      select: { id: true, ref: true, productType: true, statusReason: true, customerEmail: true, updatedAt: true },
    }),
  ]);
  return { count, rows };
}

export type CreditBalance = { ok: true; balanceMinor: number; currency: string } | { ok: false; message: string };

/** The commerce PRO balance, read live (balances are never cached, docs/admin.md). */
export async function creditBalance(): Promise<CreditBalance> {
  try {
    const balance = await (await appClients()).commerce.getBalance();
    return { ok: true, balanceMinor: balance.balance, currency: balance.currency };
  } catch (error) {
    logger.warn(
      { err: isUpstreamError(error) ? error.canonicalCode : String(error) },
      "dashboard: could not read the credit balance",
    );
    return {
      ok: false,
      message: isUpstreamError(error)
        ? `The supplier did not answer (${error.canonicalCode}).`
        : "The supplier could not be reached.",
    };
  }
}

export { checkHealth as upstreamHealth };
