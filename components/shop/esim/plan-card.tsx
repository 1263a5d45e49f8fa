import { useLocale, useTranslations } from "next-intl";
import { ListLink } from "@/components/shop/list-link";
import { Infinity as InfinityIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { moneyText } from "@/lib/i18n/formats";
import type { EsimPlanOffer } from "@/lib/products/esim/types";
import { planDataText, planValidityText } from "./esim-text";

/** One plan as a link to its detail page: data, validity, price. */
export function PlanCard({ plan, href, regionLabel }: { plan: EsimPlanOffer; href: string; regionLabel?: string }) {
  const t = useTranslations("Esim");
  const locale = useLocale();
  return (
    <ListLink
      href={href}
      data-testid="plan-card"
      data-unlimited={plan.unlimited ? "true" : "false"}
      data-catalog-id={plan.catalogId}
      className="flex h-full flex-col gap-2 rounded-xl border border-border bg-surface p-4 transition hover:border-brand hover:shadow-sm"
    >
      <span className="flex items-center justify-between gap-2">
        <span className="text-xl font-bold tracking-tight">{planDataText(t, locale, plan)}</span>
        {plan.unlimited ? (
          <Badge tone="brand">
            <InfinityIcon className="mr-1 size-3.5" aria-hidden="true" />
            {t("fairUseBadge")}
          </Badge>
        ) : null}
      </span>
      <span className="text-sm text-muted">
        {planValidityText(t, plan.validityDays)}
        {regionLabel ? <> · {regionLabel}</> : null}
      </span>
      <span className="mt-auto text-lg font-semibold">{moneyText(plan.totalMinor, plan.currency, locale)}</span>
    </ListLink>
  );
}
