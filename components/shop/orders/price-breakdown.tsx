import { formatMoney } from "@/lib/money";
import type { BuyerPricing } from "@/lib/orders/buyer-view";

/** Amount, fees and total as the buyer sees them before paying and on the order page. */
export function PriceBreakdown({ pricing, amountLabel = "Amount" }: { pricing: BuyerPricing; amountLabel?: string }) {
  const money = (minor: number) => formatMoney(minor, pricing.currency);
  const rows: Array<[string, number]> = [[amountLabel, pricing.amountMinor], ["Service fee", pricing.serviceFeeMinor]];
  if (pricing.smsFeeMinor > 0) rows.push(["SMS notification", pricing.smsFeeMinor]);
  return (
    <dl className="flex flex-col gap-2 text-sm" data-testid="price-breakdown">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted">{label}</dt>
          <dd className="tabular-nums">{money(value)}</dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between gap-4 border-t border-border pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="price-total">
          {money(pricing.totalMinor)}
        </dd>
      </div>
    </dl>
  );
}
