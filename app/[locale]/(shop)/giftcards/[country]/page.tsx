import type { Metadata } from "next";
import { Link } from "@/lib/i18n/navigation";
import { notFound, redirect } from "next/navigation";
import { loadCountryBrands, loadGiftcardCountries } from "@/lib/products/giftcard/catalog";
import { GiftcardShell, first, type Search } from "../shell";
import { BrandGrid } from "@/components/shop/giftcards/brand-grid";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { countryNameOf, flagEmoji } from "@/lib/products/giftcard/country";
import { BrandSearchForm } from "@/components/shop/giftcards/search-form";
import { matchesQuery } from "@/lib/products/giftcard/slug";
import { enterLocale } from "@/lib/i18n/locale-param";

export const dynamic = "force-dynamic";

type Params = Promise<{ locale: string; country: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { country } = await params;
  const name = countryNameOf(country);
  return { title: name ? `Gift cards for ${name}` : "Gift cards" };
}

/** /giftcards/[country]?q=…: the country's brands, filtered by name or category. */
export default async function CountryGiftcardsPage({ params, searchParams }: { params: Params; searchParams: Promise<Search> }) {
  await enterLocale(params);
  const { country: rawCountry } = await params;
  const search = await searchParams;
  const country = rawCountry.toLowerCase();
  const query = first(search.q)?.slice(0, 100);
  if (country !== rawCountry) redirect(`/giftcards/${country}${query ? `?${new URLSearchParams({ q: query })}` : ""}`);
  const fallbackName = countryNameOf(country);
  if (!fallbackName) notFound();

  const [countries, brands] = await Promise.all([loadGiftcardCountries(), loadCountryBrands(country)]);
  const countryName = (countries.ok ? countries.value.find((c) => c.code === country)?.name : undefined) ?? fallbackName;
  const selfHref = `/giftcards/${country}${query ? `?${new URLSearchParams({ q: query })}` : ""}`;

  const header = (
    <div className="flex flex-col gap-4">
      <Breadcrumbs items={[{ label: "Gift cards", href: "/giftcards" }, { label: countryName }]} />
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight">
        <span aria-hidden="true">{flagEmoji(country)}</span>
        Gift cards for {countryName}
      </h1>
      {brands.ok && brands.value.length > 0 ? <p className="max-w-2xl text-muted">These cards are redeemable with accounts and stores of {countryName}.</p> : null}
    </div>
  );

  if (!brands.ok) {
    return (
      <GiftcardShell>
        {header}
        <CatalogError message={brands.error} retryHref={selfHref} backHref="/giftcards" backText="All countries" />
      </GiftcardShell>
    );
  }

  const shown = query ? brands.value.filter((brand) => matchesQuery(brand, query)) : brands.value;
  return (
    <GiftcardShell>
      {header}
      {countries.ok && brands.value.length > 0 ? (
        <div className="rounded-xl border border-border bg-surface p-5">
          <BrandSearchForm countries={countries.value} country={country} query={query} />
        </div>
      ) : null}
      <section aria-labelledby="brands-heading" className="flex flex-col gap-4">
        <h2 id="brands-heading" className="text-xl font-semibold">
          {query ? `Brands matching “${query}”` : "Brands"}
          {brands.value.length > 0 ? <span className="ml-2 text-base font-normal text-muted">({shown.length})</span> : null}
        </h2>
        <CatalogAgeNotice age={brands.age} />
        {brands.value.length === 0 ? (
          <EmptyState title={`No gift cards for ${countryName} yet`}>
            <p>
              We do not sell gift cards for this country at the moment.{" "}
              <Link href="/giftcards" className="font-medium text-brand underline-offset-4 hover:underline">
                Choose another country
              </Link>
            </p>
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState title={`No brands match “${query}” in ${countryName}`}>
            <p>
              <Link href={`/giftcards/${country}`} className="font-medium text-brand underline-offset-4 hover:underline">
                Show all brands for {countryName}
              </Link>{" "}
              or{" "}
              <Link href={`/giftcards?${new URLSearchParams({ q: query ?? "" })}`} className="font-medium text-brand underline-offset-4 hover:underline">
                search every country
              </Link>
              .
            </p>
          </EmptyState>
        ) : (
          <BrandGrid brands={shown} />
        )}
      </section>
    </GiftcardShell>
  );
}
