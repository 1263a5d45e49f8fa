import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import { notFound } from "next/navigation";
import { ESIM_DISABLED, loadDestinationOffer, NOT_SOLD } from "@/lib/products/esim/catalog";
import { EsimShell, type Search } from "../shell";
import { destinationName, isDestinationCode } from "@/lib/products/esim/destination";
import { DestinationBanner } from "@/components/shop/esim/destination-banner";
import { EsimDisabledNotice } from "@/components/shop/esim/disabled-notice";
import { PlanCard } from "@/components/shop/esim/plan-card";
import { filterChoices, filterPlans, parsePlanFilters } from "@/lib/products/esim/plan-filter";
import { PlanFilters } from "@/components/shop/esim/plan-filters";
import { RegionalSuggestions } from "@/components/shop/esim/regional-suggestions";
import { EsimSteps } from "@/components/shop/esim/step-progress";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { pageLocale } from "@/lib/i18n/locale-param";
import { pageCurrency } from "@/lib/i18n/page-currency";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { failureText } from "@/components/shop/esim/esim-text";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

export const dynamic = "force-dynamic";

type Params = Promise<{ locale: string; edition?: string; destination: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const { destination } = await params;
  const code = destination.toLowerCase();
  const t = await getTranslations({ locale, namespace: "EsimDestination" });
  return {
    title: isDestinationCode(code)
      ? t("title", { destination: destinationName(code, null, locale) })
      : t("titleFallback"),
  };
}

/**
 * /esim/[destination]: the plans, filtered and sorted by the URL (?type=unlimited|limited,
 * ?data=<min GB>, ?days=<min days>, ?sort=price-asc|price-desc); for a country also the
 * regional plans that cover it.
 */
export default async function EsimDestinationPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Search>;
}) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("esim", locale);
  if (unavailable) return unavailable;
  const { destination: raw } = await params;
  const code = raw.toLowerCase();
  if (!isDestinationCode(code)) notFound();
  if (code !== raw) return redirectInLanguage(`/esim/${code}`);
  const [esim, t] = await Promise.all([
    getTranslations({ locale, namespace: "Esim" }),
    getTranslations({ locale, namespace: "EsimDestination" }),
  ]);
  const filters = parsePlanFilters(await searchParams);

  const offer = await loadDestinationOffer(code, locale, await pageCurrency(params));
  if (!offer.ok && offer.code === NOT_SOLD) notFound();
  const crumbs = (
    <Breadcrumbs
      items={[{ label: esim("travelEsims"), href: "/esim" }, { label: destinationName(code, null, locale) }]}
    />
  );
  if (!offer.ok) {
    return (
      <EsimShell>
        {crumbs}
        <h1 className="text-3xl font-bold tracking-tight">
          {t("title", { destination: destinationName(code, null, locale) })}
        </h1>
        {offer.code === ESIM_DISABLED ? (
          <EsimDisabledNotice />
        ) : (
          <CatalogError
            message={failureText(esim, offer)}
            retryHref={`/esim/${code}`}
            backHref="/esim"
            backText={esim("allDestinations")}
          />
        )}
      </EsimShell>
    );
  }

  const { destination, plans, regional } = offer.value;
  const shown = filterPlans(plans, filters);
  const anyUnlimited = shown.some((p) => p.unlimited);
  return (
    <EsimShell>
      {crumbs}
      <DestinationBanner destination={destination} headingLevel="h1" />
      {destination.coverage !== "COUNTRY" ? (
        <p className="text-muted">
          {t("regionCountries", { count: destination.countries.length })}{" "}
          {destination.networks.length > 0 ? t("networks", { networks: destination.networks.join(", ") }) : null}
        </p>
      ) : destination.networks.length > 0 ? (
        <p className="text-muted">{t("usesNetworks", { networks: destination.networks.join(", ") })}</p>
      ) : null}
      <EsimSteps current={2} />
      <section aria-labelledby="plans-heading" className="flex flex-col gap-4">
        <h2 id="plans-heading" className="text-xl font-semibold">
          {t("choosePlan")}
        </h2>
        <CatalogAgeNotice age={offer.age} />
        <PlanFilters action={`/esim/${code}`} filters={filters} choices={filterChoices(plans)} />
        {filters.type === "unlimited" || anyUnlimited ? (
          <p className="text-sm text-muted" data-testid="fair-use-note">
            <strong className="font-medium text-fg">{t("unlimitedQuestion")}</strong> {esim("fairUse")}
          </p>
        ) : null}
        <p className="sr-only" role="status">
          {t("shown", { count: shown.length })}
        </p>
        {shown.length === 0 ? (
          <EmptyState
            title={plans.length === 0 ? t("noPlansTitle", { destination: destination.name }) : t("noMatchTitle")}
          >
            <p>
              {t.rich(plans.length === 0 ? "noPlansBody" : "noMatchBody", {
                link: (chunks) => (
                  <Link
                    href={plans.length === 0 ? "/esim" : `/esim/${code}`}
                    className="font-medium text-brand underline-offset-4 hover:underline"
                  >
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          </EmptyState>
        ) : (
          <ul className="grid gap-3 min-[420px]:grid-cols-2 md:grid-cols-3" data-testid="plan-list">
            {shown.map((plan) => (
              <li key={plan.catalogId}>
                <PlanCard plan={plan} href={`/esim/${code}/${plan.catalogId}`} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <RegionalSuggestions countryName={destination.name} suggestions={regional} />
    </EsimShell>
  );
}
