import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { loadGiftcardCountries, searchAllBrands } from "@/lib/products/giftcard/catalog";
import { GiftcardShell, first, type Search } from "./shell";
import { AllCountryResults } from "@/components/shop/giftcards/all-country-results";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { CountryGrid } from "@/components/shop/giftcards/country-grid";
import { isCountryCode } from "@/lib/products/giftcard/country";
import { BrandSearchForm } from "@/components/shop/giftcards/search-form";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Gift cards" };
export const dynamic = "force-dynamic";

/**
 * /giftcards: the countries with gift cards, and the brand search. A search with a country goes
 * to the shareable /giftcards/[country]?q=…; a name alone is answered here (?q=…) with the
 * matching brands and the countries each is sold in.
 */
export default async function GiftcardsPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<Search> }) {
  await enterLocale(params);
  const search = await searchParams;
  const query = first(search.q)?.slice(0, 100);
  const country = first(search.country)?.toLowerCase();
  if (country && isCountryCode(country)) redirect(`/giftcards/${country}${query ? `?${new URLSearchParams({ q: query })}` : ""}`);

  const countries = await loadGiftcardCountries();
  const intro = (
    <div className="flex flex-col gap-3">
      <h1 className="text-3xl font-bold tracking-tight">Gift cards</h1>
      <p className="max-w-2xl text-muted">Digital codes for gaming, streaming and shopping brands. A card works in the country it is sold for, so choose the country of the account you will use it with.</p>
    </div>
  );
  if (!countries.ok) {
    return (
      <GiftcardShell>
        {intro}
        <CatalogError message={countries.error} retryHref="/giftcards" />
      </GiftcardShell>
    );
  }

  const results = query ? await searchAllBrands(query) : null;
  return (
    <GiftcardShell>
      {intro}
      <div className="rounded-xl border border-border bg-surface p-5">
        <BrandSearchForm countries={countries.value} query={query} />
      </div>
      {results ? (
        <section aria-labelledby="results-heading" className="flex flex-col gap-4">
          <h2 id="results-heading" className="text-xl font-semibold">
            Brands matching “{query}”
          </h2>
          {!results.ok ? (
            <CatalogError message={results.error} retryHref={`/giftcards?${new URLSearchParams({ q: query ?? "" })}`} backHref="/giftcards" backText="All countries" />
          ) : results.value.length === 0 ? (
            <EmptyState title={`No brands match “${query}”`}>
              <p>Check the spelling, search for a category such as “gaming”, or browse a country below.</p>
            </EmptyState>
          ) : (
            <>
              <CatalogAgeNotice age={results.age} />
              <AllCountryResults groups={results.value} />
            </>
          )}
        </section>
      ) : null}
      <section aria-labelledby="countries-heading" className="flex flex-col gap-4">
        <h2 id="countries-heading" className="text-xl font-semibold">
          Choose a country
        </h2>
        <CatalogAgeNotice age={countries.age} />
        {countries.value.length === 0 ? (
          <EmptyState title="No gift cards on sale right now">
            <p>Please come back later.</p>
          </EmptyState>
        ) : (
          <CountryGrid countries={countries.value} />
        )}
      </section>
    </GiftcardShell>
  );
}
