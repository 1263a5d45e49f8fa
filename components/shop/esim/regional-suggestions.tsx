import { useTranslations } from "next-intl";
import { ListLink } from "@/components/shop/list-link";
import { PlanCard } from "./plan-card";
import type { RegionalSuggestionView } from "@/lib/products/esim/types";

/** On a country page: the regions that also cover it, each with its cheapest plans. */
export function RegionalSuggestions({
  countryName,
  suggestions,
}: {
  countryName: string;
  suggestions: RegionalSuggestionView[];
}) {
  const t = useTranslations("EsimDestination");
  const esim = useTranslations("Esim");
  if (suggestions.length === 0) return null;
  return (
    <section aria-labelledby="regional-heading" className="flex flex-col gap-4" data-testid="regional-plans">
      <div>
        <h2 id="regional-heading" className="text-xl font-semibold">
          {t("regionalHeading", { country: countryName })}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("regionalLead")}</p>
      </div>
      {suggestions.map(({ region, plans }) => (
        <div key={region.code} className="flex flex-col gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold">
              {region.name}
              {region.countries.length > 1 ? (
                <span className="font-normal text-muted">
                  {" "}
                  · {esim("countryCount", { count: region.countries.length })}
                </span>
              ) : null}
            </h3>
            <ListLink
              href={`/esim/${region.code}`}
              className="text-sm font-medium text-brand underline-offset-4 hover:underline"
            >
              {t("allRegionPlans", { region: region.name })}
            </ListLink>
          </div>
          <ul className="grid gap-3 sm:grid-cols-3">
            {plans.map((plan) => (
              <li key={plan.catalogId}>
                <PlanCard plan={plan} href={`/esim/${region.code}/${plan.catalogId}`} regionLabel={region.name} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
