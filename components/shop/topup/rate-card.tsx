import { useTranslations } from "next-intl";
import { moneyText } from "@/lib/i18n/formats";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import type { TopupChoice } from "@/lib/products/topup/types";

/** "O2 15 GBP Airtime" → "15 GBP Airtime": the operator is already the page's subject. */
export function shortProductName(productName: string, operatorName: string): string {
  return productName.startsWith(`${operatorName} `) ? productName.slice(operatorName.length + 1) : productName;
}

export function recipientGets(choice: TopupChoice, locale: Locale): string | null {
  return choice.amountLocalMinor !== null && choice.currencyLocal
    ? moneyText(choice.amountLocalMinor, choice.currencyLocal, locale)
    : null;
}

/**
 * One rate as a selectable card: what the recipient gets, the price with the service fee, the
 * total (and about how much in US dollars). A radio of the rate form; the radio's name is the
 * product, its description the rest of the card.
 */
export function RateCard({
  choice,
  operatorName,
  checked,
  locale,
}: {
  choice: TopupChoice;
  operatorName: string;
  checked: boolean;
  locale: Locale;
}) {
  const t = useTranslations("Topup");
  const money = (minor: number) => moneyText(minor, choice.currency, locale);
  const id = `rate-${choice.token}`;
  const gets = recipientGets(choice, locale);
  const extras = [
    choice.dataGb !== null ? t("dataGb", { gb: choice.dataGb }) : null,
    choice.validityDays !== null ? t("validityDays", { days: choice.validityDays }) : null,
  ].filter(Boolean);
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
              {t.rich("recipientGetsRich", {
                amount: gets,
                strong: (chunks) => <strong className="font-semibold">{chunks}</strong>,
              })}
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
            {t("priceLine", {
              amount: money(choice.amountMinor),
              fee: money(choice.feeMinor),
              total: money(choice.totalMinor),
            })}
          </span>
        </span>
      </span>
    </label>
  );
}
