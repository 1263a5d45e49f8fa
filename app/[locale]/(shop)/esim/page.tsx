import type { Metadata } from "next";
import { ESIM_DISABLED, loadDestinations } from "@/lib/products/esim/catalog";
import { EsimShell, first, type Search } from "./shell";
import { matchesDestination } from "@/lib/products/esim/destination";
import { DestinationGrid } from "@/components/shop/esim/destination-grid";
import { QuerySearchForm } from "@/components/ui/query-search-form";
import { EsimDisabledNotice } from "@/components/shop/esim/disabled-notice";
import { EsimSteps } from "@/components/shop/esim/step-progress";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Travel eSIMs" };
export const dynamic = "force-dynamic";

/** /esim: regions and countries with plans, each with its "from" price; ?q= narrows both. */
export default async function EsimPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<Search> }) {
  await enterLocale(params);
  const query = first((await searchParams).q)?.slice(0, 60);
  const destinations = await loadDestinations();
  const intro = (
    <div className="flex flex-col gap-3">
      <h1 className="text-3xl font-bold tracking-tight">Travel eSIMs</h1>
      <p className="max-w-2xl text-muted">Mobile data abroad without a plastic SIM: buy a plan for where you are going, scan the QR code, and you are online when you land.</p>
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
        <CatalogError message={destinations.error} retryHref="/esim" />
      </EsimShell>
    );
  }
  const regions = query ? destinations.value.regions.filter((d) => matchesDestination(d, query)) : destinations.value.regions;
  const countries = query ? destinations.value.countries.filter((d) => matchesDestination(d, query)) : destinations.value.countries;
  // Nothing matches: the regions are offered instead, as they cover most trips.
  const shownRegions = regions.length > 0 || countries.length > 0 ? regions : destinations.value.regions;
  return (
    <EsimShell>
      {intro}
      <EsimSteps current={1} />
      <div className="rounded-xl border border-border bg-surface p-5">
        <QuerySearchForm
          action="/esim"
          ariaLabel="eSIM destinations"
          id="esim-q"
          label="Where are you travelling?"
          placeholder="Country or region, e.g. Japan or Europe"
          maxLength={60}
          query={query}
        />
      </div>
      <CatalogAgeNotice age={destinations.age} />
      {query && regions.length === 0 && countries.length === 0 ? (
        <EmptyState title={`No destinations match “${query}”`}>
          <p>Check the spelling, or try a region such as Europe or Worldwide below.</p>
        </EmptyState>
      ) : null}
      {shownRegions.length > 0 ? (
        <section aria-labelledby="regions-heading" className="flex flex-col gap-4">
          <h2 id="regions-heading" className="text-xl font-semibold">
            Regions
          </h2>
          <DestinationGrid destinations={shownRegions} testId="region-list" />
        </section>
      ) : null}
      {countries.length > 0 ? (
        <section aria-labelledby="countries-heading" className="flex flex-col gap-4">
          <h2 id="countries-heading" className="text-xl font-semibold">
            {query ? `Countries matching “${query}”` : "Countries"}
          </h2>
          <DestinationGrid destinations={countries} testId="country-list" />
        </section>
      ) : null}
    </EsimShell>
  );
}
