import { Button, ButtonLink } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** The date range selector: a plain GET form, so every report has a shareable URL. It keeps the report's currency. */
export function RangeForm({
  from,
  to,
  currency,
  presets,
}: {
  from: string;
  to: string;
  currency: string;
  presets: Array<{ label: string; from: string; to: string }>;
}) {
  const currencyQuery = currency === "EUR" ? "" : `&currency=${currency}`;
  return (
    <form method="get" action="/admin/reports" className="flex flex-wrap items-end gap-3" aria-label="Date range">
      {currencyQuery ? <input type="hidden" name="currency" value={currency} /> : null}
      <div className="grid gap-1.5">
        <label htmlFor="report-from" className="text-sm font-medium">
          From
        </label>
        <Input id="report-from" type="date" name="from" defaultValue={from} required className="w-40" />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="report-to" className="text-sm font-medium">
          To
        </label>
        <Input id="report-to" type="date" name="to" defaultValue={to} required className="w-40" />
      </div>
      <Button type="submit">Show</Button>
      <div className="flex flex-wrap gap-2">
        {presets.map((p) => (
          <ButtonLink
            key={p.label}
            href={`/admin/reports?from=${p.from}&to=${p.to}${currencyQuery}`}
            variant="ghost"
            size="sm"
          >
            {p.label}
          </ButtonLink>
        ))}
      </div>
    </form>
  );
}
