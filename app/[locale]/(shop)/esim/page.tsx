import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ESIM_DISABLED, loadDestinations } from "@/lib/products/esim/catalog";
import { EsimShell, first, type Search } from "./shell";
import { matchesDestination } from "@/lib/products/esim/destination";
import { DestinationGrid } from "@/components/shop/esim/destination-grid";
import { QuerySearchForm } from "@/components/ui/query-search-form";
import { EsimDisabledNotice } from "@/components/shop/esim/disabled-notice";
import { EsimSteps } from "@/components/shop/esim/step-progress";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { pageLocale } from "@/lib/i18n/locale-param";
import { pageCurrency } from "@/lib/i18n/page-currency";
import { failureText } from "@/components/shop/esim/esim-text";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

type Params = Promise<{ locale: string; edition?: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Esim" });
  return { title: t("travelEsims") };
}

export const dynamic = "force-dynamic";

/** /esim: regions and countries with plans, each with its "from" price; ?q= narrows both. */
export default async function EsimPage({ params, searchParams }: { params: Params; searchParams: Promise<Search> }) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("esim", locale);
  if (unavailable) return unavailable;
  const [esim, t] = await Promise.all([
    getTranslations({ locale, namespace: "Esim" }),
    getTranslations({ locale, namespace: "EsimDestinations" }),
  ]);
  const query = first((await searchParams).q)?.slice(0, 60);
  const destinations = await loadDestinations(locale, await pageCurrency(params));
  const intro = (
    <div className="flex flex-col gap-3">
      <h1 className="text-3xl font-bold tracking-tight">{esim("travelEsims")}</h1>
      <p className="max-w-2xl text-muted">{t("lead")}</p>
    </div>
  );
  if (!destinations.ok && destinations.code === ESIM_DISABLED) {
    return (
      <EsimShell>
        {intro}
        <EsimDisabledNotice />
      </EsimShell>
    );
  }
  if (!destinations.ok) {
    return (
      <EsimShell>
        {intro}
        <CatalogError message={failureText(esim, destinations)} retryHref="/esim" />
      </EsimShell>
    );
  }
  const regions = query
    ? destinations.value.regions.filter((d) => matchesDestination(d, query))
    : destinations.value.regions;
  const countries = query
    ? destinations.value.countries.filter((d) => matchesDestination(d, query))
    : destinations.value.countries;
  // Nothing matches: the regions are offered instead, as they cover most trips.
  const shownRegions = regions.length > 0 || countries.length > 0 ? regions : destinations.value.regions;
  return (
    <EsimShell>
      {intro}
      <EsimSteps current={1} />
      <div className="rounded-xl border border-border bg-surface p-5">
        <QuerySearchForm
          action="/esim"
          ariaLabel={t("searchLandmark")}
          id="esim-q"
          label={t("searchLabel")}
          placeholder={t("searchPlaceholder")}
          maxLength={60}
          query={query}
        />
      </div>
      <CatalogAgeNotice age={destinations.age} />
      {query && regions.length === 0 && countries.length === 0 ? (
        <EmptyState title={t("noMatchTitle", { query })}>
          <p>{t("noMatchBody")}</p>
        </EmptyState>
      ) : null}
      {shownRegions.length > 0 ? (
        <section aria-labelledby="regions-heading" className="flex flex-col gap-4">
          <h2 id="regions-heading" className="text-xl font-semibold">
            {t("regions")}
          </h2>
          <DestinationGrid destinations={shownRegions} testId="region-list" />
        </section>
      ) : null}
      {countries.length > 0 ? (
        <section aria-labelledby="countries-heading" className="flex flex-col gap-4">
          <h2 id="countries-heading" className="text-xl font-semibold">
            {query ? t("countriesMatching", { query }) : t("countries")}
          </h2>
          <DestinationGrid destinations={countries} testId="country-list" />
        </section>
      ) : null}
    </EsimShell>
  );
}
