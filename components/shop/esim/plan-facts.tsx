import { useLocale, useTranslations } from "next-intl";
import { moneyText } from "@/lib/i18n/formats";
import { countryList } from "@/lib/products/esim/destination";
import type { EsimPlanDetail } from "@/lib/products/esim/types";
import { planDataText, planValidityText } from "./esim-text";

/** The plan detail's facts: data, validity, price, coverage, networks, fair use. */
export function PlanFacts({ plan }: { plan: EsimPlanDetail }) {
  const t = useTranslations("Esim");
  const page = useTranslations("EsimPlan");
  const locale = useLocale();
  const rows = [
    { label: t("factData"), value: planDataText(t, locale, plan) },
    {
      label: t("factValidFor"),
      value: page("validFromFirstUse", { validity: planValidityText(t, plan.validityDays) }),
    },
    { label: t("factPrice"), value: moneyText(plan.totalMinor, plan.currency, locale) },
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-3 gap-3" data-testid="plan-facts">
        {rows.map((row) => (
          <div key={row.label} className="rounded-xl border border-border bg-surface p-3">
            <dt className="text-xs text-muted">{row.label}</dt>
            <dd className="mt-1 font-semibold">{row.value}</dd>
          </div>
        ))}
      </dl>
      {plan.unlimited ? (
        <p className="rounded-lg bg-warn-soft px-3 py-2 text-sm" data-testid="fair-use-note">
          {t("fairUse")}
        </p>
      ) : null}
      {plan.description ? <p className="text-sm text-muted">{plan.description}</p> : null}
      {plan.countries.length > 1 ? (
        <details className="rounded-xl border border-border bg-surface px-4 py-3 text-sm">
          <summary className="cursor-pointer font-medium">{t("worksIn", { count: plan.countries.length })}</summary>
          <p className="mt-2 text-muted">{countryList(plan.countries, locale)}</p>
        </details>
      ) : null}
      {plan.networks.length > 0 ? (
        <p className="text-sm text-muted">{page("networks", { networks: plan.networks.join(", ") })}</p>
      ) : null}
      <p className="text-sm text-muted">{page("dataOnly")}</p>
    </div>
  );
}
