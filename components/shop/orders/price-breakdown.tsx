import { useLocale, useTranslations } from "next-intl";
import { moneyText } from "@/lib/i18n/formats";
import type { BuyerPricing } from "@/lib/orders/buyer-view";

/**
 * Amount, fees and total as the buyer sees them before paying and on the order page, in the
 * page's language. `amountLabel` names the amount ("Top-up amount"; "CheckoutPrice" has the usual ones).
 */
export function PriceBreakdown({ pricing, amountLabel }: { pricing: BuyerPricing; amountLabel?: string }) {
  const t = useTranslations("CheckoutPrice");
  const locale = useLocale();
  const money = (minor: number) => moneyText(minor, pricing.currency, locale);
  const rows: Array<[string, number]> = [[amountLabel ?? t("amount"), pricing.amountMinor], [t("serviceFee"), pricing.serviceFeeMinor]];
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
    </dl>
  );
}
