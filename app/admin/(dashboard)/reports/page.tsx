import type { Metadata } from "next";
import { BarChart } from "@/components/admin/reports/bar-chart";
import { RangeForm } from "@/components/admin/reports/range-form";
import { TopList } from "@/components/admin/reports/top-list";
import { PageHeader } from "@/components/admin/shared/page-header";
import { Card } from "@/components/ui/card";
import { loadReport } from "@/lib/admin/reports/load";
import { parseRange } from "@/lib/admin/reports/range";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { formatMoney } from "@/lib/money";
import Link from "next/link";
import { productName } from "@/lib/products/product-name";

export const metadata: Metadata = { title: "Reports" };
export const dynamic = "force-dynamic";

function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export default async function ReportsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaff("staff", "/admin/reports");
  const params = await searchParams;
  const range = parseRange({ from: params.from, to: params.to });
  // One currency at a time, never summed across them: euros unless the tab says dollars.
  const currency = params.currency === "USD" ? "USD" : "EUR";
  const report = await loadReport(db, { ...range, currency });
  const money = (minor: number) => formatMoney(minor, report.currency);
  const today = new Date().toISOString().slice(0, 10);
  const presets = [
    { label: "Today", from: today, to: today },
    { label: "Last 7 days", from: shift(today, -6), to: today },
    { label: "Last 30 days", from: shift(today, -29), to: today },
    { label: "Last 90 days", from: shift(today, -89), to: today },
  ];
  const dayLabel = (day: string) => day.slice(5);
  const period = `${report.from} to ${report.to} (UTC)`;
  const totals = report.totals;

  return (
    <>
      <PageHeader
        title="Reports"
        description={`Paid sales by the day they were ordered, ${period}. Amounts in ${report.currency}; margin = what buyers paid − what the upstream charged (in euros, converted at each order's own rate for dollar sales).`}
      />
      <nav aria-label="Report currency" className="mb-4 flex gap-2">
        {["EUR", "USD"].map((code) => {
          const count = report.currencies.find((c) => c.currency === code)?.orders ?? 0;
          const query = new URLSearchParams({
            from: report.from,
            to: report.to,
            ...(code === "EUR" ? {} : { currency: code }),
          });
          return (
            <Link
              key={code}
              href={`/admin/reports?${query}`}
              aria-current={code === report.currency ? "page" : undefined}
              data-testid={`report-currency-${code}`}
              className={`rounded-lg border px-3 py-1.5 text-sm font-medium ${code === report.currency ? "border-brand bg-brand text-brand-fg" : "border-border hover:bg-surface-muted"}`}
            >
              {code} · {count} {count === 1 ? "order" : "orders"}
            </Link>
          );
        })}
      </nav>
      <Card className="mb-6">
        <RangeForm from={report.from} to={report.to} currency={report.currency} presets={presets} />
        {range.error ? (
          <p role="alert" className="mt-3 text-sm text-warn">
            {range.error}
          </p>
        ) : null}
      </Card>
      <dl className="mb-6 grid gap-4 sm:grid-cols-3">
        {[
          { label: "Sales", value: money(totals.salesMinor) },
          { label: "Margin", value: money(totals.marginMinor) },
          { label: "Orders", value: String(totals.orders) },
        ].map((kpi) => (
          <div key={kpi.label} className="rounded-xl border border-border bg-surface p-4">
            <dt className="text-sm text-muted">{kpi.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={`report-${kpi.label.toLowerCase()}`}>
              {kpi.value}
            </dd>
          </div>
        ))}
      </dl>
      {report.otherCurrencyOrders > 0 ? (
        <p className="mb-4 text-sm text-muted">
          {report.otherCurrencyOrders} orders paid in other currencies are in their own tab, not in these figures.
        </p>
      ) : null}
      {totals.orders === 0 ? (
        <p className="mb-6 rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
          No paid orders in this period.
        </p>
      ) : null}
      <section aria-labelledby="per-day" className="mb-8">
        <h2 id="per-day" className="mb-3 text-lg font-semibold">
          Per day
        </h2>
        <div className="grid gap-6">
          {(
            [
              ["Sales per day", (d: (typeof report.days)[number]) => d.salesMinor, money],
              ["Margin per day", (d: (typeof report.days)[number]) => d.marginMinor, money],
              ["Orders per day", (d: (typeof report.days)[number]) => d.orders, String],
            ] as const
          ).map(([title, pick, show]) => {
            const values = report.days.map(pick);
            const best = report.days[values.indexOf(Math.max(...values))];
            return (
              <Card key={title}>
                <BarChart
                  title={title}
                  unitLabel="Day"
                  bars={report.days.map((d) => ({ label: dayLabel(d.day), value: pick(d), display: show(pick(d)) }))}
                  summary={`${title}, ${period}: total ${show(values.reduce((a, b) => a + b, 0))}${best && Math.max(...values) > 0 ? `, highest on ${best.day} (${show(pick(best))})` : ""}.`}
                />
              </Card>
            );
          })}
        </div>
      </section>
      <section aria-labelledby="per-product" className="mb-8">
        <h2 id="per-product" className="mb-3 text-lg font-semibold">
          Per product type
        </h2>
        <div className="grid gap-6 xl:grid-cols-3">
          {(
            [
              ["Sales per product type", (p: (typeof report.products)[number]) => p.salesMinor, money],
              ["Margin per product type", (p: (typeof report.products)[number]) => p.marginMinor, money],
              ["Orders per product type", (p: (typeof report.products)[number]) => p.orders, String],
            ] as const
          ).map(([title, pick, show]) => (
            <Card key={title}>
              <BarChart
                title={title}
                unitLabel="Product type"
                orientation="horizontal"
                bars={report.products.map((p) => ({
                  label: productName(p.productType),
                  value: pick(p),
                  display: show(pick(p)),
                }))}
                summary={`${title}, ${period}: ${report.products.map((p) => `${productName(p.productType)} ${show(pick(p))}`).join(", ") || "no sales"}.`}
              />
            </Card>
          ))}
        </div>
      </section>
      <section aria-labelledby="tops" className="grid gap-3">
        <h2 id="tops" className="text-lg font-semibold">
          Top sellers
        </h2>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          <TopList
            title="Operators (top-up)"
            rows={report.top.operators}
            currency={report.currency}
            empty="No top-ups in this period."
          />
          <TopList
            title="Destinations (eSIM)"
            rows={report.top.destinations}
            currency={report.currency}
            empty="No eSIMs in this period."
          />
          <TopList
            title="Brands (gift cards)"
            rows={report.top.brands}
            currency={report.currency}
            empty="No gift cards in this period."
          />
          <TopList
            title="Devices (unlock)"
            rows={report.top.devices}
            currency={report.currency}
            empty="No unlocks in this period."
          />
        </div>
      </section>
    </>
  );
}
