import { Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import { INTL_LOCALE } from "@/lib/i18n/formats";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { isServiceType } from "@/lib/products/topup/service-labels";
import type { PromotionView } from "@/lib/products/topup/types";

/**
 * Active promotions, highlighted. The operator gives the bonus on its side: the price here
 * does not change, and the upstream says only which operator and until when.
 */
export function Promotions({
  promotions,
  showOperator = false,
  locale,
}: {
  promotions: PromotionView[];
  showOperator?: boolean;
  locale: Locale;
}) {
  const t = useTranslations("Topup");
  if (promotions.length === 0) return null;
  // "data and bundles" / "datos y paquetes".
  const list = new Intl.ListFormat(INTL_LOCALE[locale], { type: "conjunction" });
  const typesText = (types: string[]) =>
    list.format(types.map((type) => (isServiceType(type) ? t(`serviceType.${type}`).toLowerCase() : type)));
  return (
    <section aria-label={t("promotions")} className="flex flex-col gap-2" data-testid="promotions">
      {promotions.map((promo) => (
        <div
          key={promo.id}
          className="flex items-start gap-3 rounded-xl border border-brand/40 bg-brand-soft px-4 py-3"
        >
          <Sparkles className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden="true" />
          <div className="min-w-0 text-sm">
            <p className="font-semibold">
              {showOperator && promo.operatorName ? `${promo.operatorName}: ` : ""}
              {/* The supplier writes its promotions in English (its promotions take no lang). */}
              {promo.title ? <span lang="en">{promo.title}</span> : t("promotion")}
              {promo.bonusPercent ? (
                <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-brand-fg">
                  +{promo.bonusPercent}%
                </span>
              ) : null}
            </p>
            {promo.description ? (
              <p lang="en" className="mt-0.5 text-fg">
                {promo.description}
              </p>
            ) : null}
            {promo.serviceTypes ? (
              <p className="mt-0.5 text-xs text-muted">{t("onlyOn", { types: typesText(promo.serviceTypes) })}</p>
            ) : null}
            {promo.endsAt ? (
              <p className="mt-0.5 text-xs text-muted">
                {t.rich("until", { date: () => <LocalTime iso={promo.endsAt!} withTime={false} /> })}
              </p>
            ) : null}
          </div>
        </div>
      ))}
    </section>
  );
}
