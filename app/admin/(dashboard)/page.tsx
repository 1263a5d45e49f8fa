import type { Metadata } from "next";
import Link from "next/link";
import { StatCard } from "@/components/admin/dashboard/stat-card";
import { PageHeader } from "@/components/admin/shared/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { creditBalance, ordersNeedingAttention, todaysSales, upstreamHealth } from "@/lib/admin/dashboard";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { formatMoney } from "@/lib/money";
import { productName } from "@/lib/products/product-name";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardHome() {
  await requireStaff("staff", "/admin");
  const [sales, attention, balance, health] = await Promise.all([
    todaysSales(db),
    ordersNeedingAttention(db),
    creditBalance(),
    upstreamHealth(),
  ]);
  const orders = sales.reduce((n, s) => n + s.orders, 0);
  return (
    <>
      <PageHeader title="Dashboard" description="Today at a glance (days are UTC)." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Today's sales"
          value={
            sales.length ? sales.map((s) => formatMoney(s.totalMinor, s.currency)).join(" · ") : formatMoney(0, "EUR")
          }
          note={`${orders} paid order${orders === 1 ? "" : "s"}, refunds excluded`}
        />
        <StatCard
          label="Needs attention"
          value={attention.count}
          note={
            <Link href="/admin/orders?status=needs_attention" className="text-brand underline-offset-4 hover:underline">
              See these orders
            </Link>
          }
        />
        <StatCard
          label="Supplier credit balance"
          value={balance.ok ? formatMoney(balance.balanceMinor, balance.currency) : "Unavailable"}
          note={balance.ok ? "Commerce API, read just now" : balance.message}
        />
        <StatCard
          label="Upstream health"
          value={
            <Badge tone={health.status === "ok" ? "ok" : health.status === "degraded" ? "warn" : "danger"}>
              {health.status}
            </Badge>
          }
          note={
            <>
              Commerce{" "}
              {health.upstreams.commerce.ok
                ? `${health.upstreams.commerce.latencyMs} ms`
                : `down (${health.upstreams.commerce.error})`}{" "}
              · Unlocking{" "}
              {health.upstreams.unlock.ok
                ? `${health.upstreams.unlock.latencyMs} ms`
                : `down (${health.upstreams.unlock.error})`}
              {health.upstreams.commerce.emulated ? " · emulator" : ""}
            </>
          }
        />
      </div>
      <Card className="mt-6">
        <CardTitle>Orders needing attention</CardTitle>
        {attention.rows.length ? (
          <ul className="mt-3 divide-y divide-border text-sm">
            {attention.rows.map((o) => (
              <li key={o.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
                <Link
                  href={`/admin/orders/${o.ref}`}
                  className="font-mono text-xs font-medium text-brand underline-offset-4 hover:underline"
                >
                  {o.ref}
                </Link>
                <span>{productName(o.productType)}</span>
                <span className="text-muted">{o.customerEmail}</span>
                <span className="text-xs text-muted">
                  <LocalTime iso={o.updatedAt.toISOString()} />
                </span>
                {o.statusReason ? <span className="basis-full text-xs text-muted">{o.statusReason}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-muted">Nothing needs attention. </p>
        )}
      </Card>
    </>
  );
}
