import { formatMoney } from "@/lib/money";
import type { TopupChoice } from "@/lib/products/topup/types";

/** "O2 15 GBP Airtime" → "15 GBP Airtime": the operator is already the page's subject. */
export function shortProductName(productName: string, operatorName: string): string {
  return productName.startsWith(`${operatorName} `) ? productName.slice(operatorName.length + 1) : productName;
}

export function recipientGets(choice: TopupChoice): string | null {
  return choice.amountLocalMinor !== null && choice.currencyLocal ? formatMoney(choice.amountLocalMinor, choice.currencyLocal) : null;
}

/**
 * One rate as a selectable card: what the recipient gets, the price with the service fee, the
 * total (and about how much in US dollars). A radio of the rate form; the radio's name is the
 * product, its description the rest of the card.
 */
export function RateCard({ choice, operatorName, checked }: { choice: TopupChoice; operatorName: string; checked: boolean }) {
  const money = (minor: number) => formatMoney(minor, choice.currency);
  const id = `rate-${choice.token}`;
  const gets = recipientGets(choice);
  const extras = [choice.dataGb !== null ? `${choice.dataGb} GB` : null, choice.validityDays !== null ? `${choice.validityDays} days` : null].filter(Boolean);
  return (
    <label
      htmlFor={id}
      className="flex h-full cursor-pointer items-start gap-3 rounded-xl border border-border bg-surface p-4 shadow-sm transition-colors hover:border-brand has-checked:border-brand has-checked:bg-brand-soft has-checked:ring-1 has-checked:ring-brand"
    >
      <input
        id={id}
        type="radio"
        name="rate"
        value={choice.token}
        defaultChecked={checked}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-details`}
        className="mt-1 size-4 shrink-0 accent-brand"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex items-start justify-between gap-3">
          <span id={`${id}-name`} className="font-semibold">
            {shortProductName(choice.productName, operatorName)}
          </span>
          <span className="shrink-0 text-lg font-bold tabular-nums">{money(choice.totalMinor)}</span>
        </span>
        <span id={`${id}-details`} className="flex flex-col gap-1 text-sm">
          {gets ? (
            <span>
              Recipient gets <strong className="font-semibold">{gets}</strong>
            </span>
          ) : null}
          {extras.length > 0 ? (
            <span className="flex flex-wrap gap-1.5">
              {extras.map((extra) => (
                <span key={extra} className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-fg">
                  {extra}
                </span>
              ))}
            </span>
          ) : null}
          <span className="text-xs text-muted tabular-nums">
            {money(choice.amountMinor)} + {money(choice.feeMinor)} service fee = {money(choice.totalMinor)}
            {choice.totalUsdMinor !== null ? <> · about {formatMoney(choice.totalUsdMinor, "USD")}</> : null}
          </span>
        </span>
      </span>
    </label>
  );
}
