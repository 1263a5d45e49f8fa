import type { TopRow } from "@/lib/admin/reports/aggregate";
import { formatMoney } from "@/lib/money";

/** One "top" list (operators, destinations, brands, devices): most orders first. */
export function TopList({
  title,
  rows,
  currency,
  empty,
}: {
  title: string;
  rows: TopRow[];
  currency: string;
  empty: string;
}) {
  return (
    <section className="rounded-xl border border-border bg-surface p-4" aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ol className="grid gap-1 text-sm">
          {rows.map((row, i) => (
            <li key={row.label} className="flex justify-between gap-3">
              <span>
                <span className="text-muted">{i + 1}.</span> {row.label}
              </span>
              <span className="text-right tabular-nums">
                {row.orders} {row.orders === 1 ? "order" : "orders"} · {formatMoney(row.salesMinor, currency)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
