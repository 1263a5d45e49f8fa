import { useLocale, useTranslations } from "next-intl";
import { INTL_LOCALE, moneyText } from "@/lib/i18n/formats";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import type { BuyerPricing } from "@/lib/orders/buyer-view";

/** Dollars per euro as the page writes numbers: 1.085 / 1,085. */
function rateText(rate: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 6 }).format(rate);
}

/** The rate's day (YYYY-MM-DD) as the page writes dates: 20 November 2026 / 20 de noviembre de 2026. */
function dayText(day: string | undefined, locale: Locale): string {
  const time = day ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  return Number.isNaN(time)
    ? (day ?? "")
    : new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: "UTC" }).format(time);
}

/**
 * Amount, fees and total as the buyer sees them before paying and on the order page, in the
 * page's language. A price converted at the rate staff keep says so, with the rate and its date. `amountLabel` names the amount ("Top-up amount"; "CheckoutPrice" has the usual ones).
 */
export function PriceBreakdown({ pricing, amountLabel }: { pricing: BuyerPricing; amountLabel?: string }) {
  const t = useTranslations("CheckoutPrice");
  const locale = useLocale();
  const money = (minor: number) => moneyText(minor, pricing.currency, locale);
  const rows: Array<[string, number]> = [
    [amountLabel ?? t("amount"), pricing.amountMinor],
    [t("serviceFee"), pricing.serviceFeeMinor],
  ];
  if (pricing.smsFeeMinor > 0) rows.push([t("smsNotification"), pricing.smsFeeMinor]);
  return (
    <dl className="flex flex-col gap-2 text-sm" data-testid="price-breakdown">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted">{label}</dt>
          <dd className="tabular-nums">{money(value)}</dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between gap-4 border-t border-border pt-3 text-base font-semibold">
        <dt>{t("total")}</dt>
        <dd className="tabular-nums" data-testid="price-total">
          {money(pricing.totalMinor)}
        </dd>
      </div>
      {pricing.exchange?.source === "staff" ? (
        <p className="text-xs text-muted" data-testid="converted-price">
          {t("convertedAt", {
            rate: rateText(pricing.exchange.numerator / pricing.exchange.denominator, locale),
            date: dayText(pricing.exchange.date, locale),
          })}
        </p>
      ) : null}
    </dl>
  );
}
