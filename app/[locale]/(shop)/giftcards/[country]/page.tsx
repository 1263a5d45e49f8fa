import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import { notFound } from "next/navigation";
import { loadCountryBrands, loadGiftcardCountries } from "@/lib/products/giftcard/catalog";
import { GiftcardShell, failureText, first, type Search } from "../shell";
import { BrandGrid } from "@/components/shop/giftcards/brand-grid";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { countryNameOf, flagEmoji } from "@/lib/products/giftcard/country";
import { BrandSearchForm } from "@/components/shop/giftcards/search-form";
import { matchesQuery } from "@/lib/products/giftcard/slug";
import { pageLocale } from "@/lib/i18n/locale-param";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

export const dynamic = "force-dynamic";

type Params = Promise<{ locale: string; country: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Giftcard" });
  const { country } = await params;
  const name = countryNameOf(country, locale);
  return { title: name ? t("forCountry", { country: name }) : t("giftCards") };
}

/** /giftcards/[country]?q=…: the country's brands, filtered by name or category. */
export default async function CountryGiftcardsPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Search>;
}) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("giftcard", locale);
  if (unavailable) return unavailable;
  const t = await getTranslations({ locale, namespace: "Giftcard" });
  const { country: rawCountry } = await params;
  const search = await searchParams;
  const country = rawCountry.toLowerCase();
  const query = first(search.q)?.slice(0, 100);
  if (country !== rawCountry)
    return redirectInLanguage(`/giftcards/${country}${query ? `?${new URLSearchParams({ q: query })}` : ""}`);
  const fallbackName = countryNameOf(country, locale);
  if (!fallbackName) notFound();

  const [countries, brands] = await Promise.all([loadGiftcardCountries(locale), loadCountryBrands(country, locale)]);
  const countryName =
    (countries.ok ? countries.value.find((c) => c.code === country)?.name : undefined) ?? fallbackName;
  const selfHref = `/giftcards/${country}${query ? `?${new URLSearchParams({ q: query })}` : ""}`;

  const header = (
    <div className="flex flex-col gap-4">
      <Breadcrumbs items={[{ label: t("giftCards"), href: "/giftcards" }, { label: countryName }]} />
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight">
        <span aria-hidden="true">{flagEmoji(country)}</span>
        {t("forCountry", { country: countryName })}
      </h1>
      {brands.ok && brands.value.length > 0 ? (
        <p className="max-w-2xl text-muted">{t("countryLead", { country: countryName })}</p>
      ) : null}
    </div>
  );

  if (!brands.ok) {
    return (
      <GiftcardShell>
        {header}
        <CatalogError
          message={failureText(t, brands)}
          retryHref={selfHref}
          backHref="/giftcards"
          backText={t("allCountries")}
        />
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
          {query ? t("brandsMatching", { query }) : t("brands")}
          {brands.value.length > 0 ? (
            <span className="ml-2 text-base font-normal text-muted">({shown.length})</span>
          ) : null}
        </h2>
        <CatalogAgeNotice age={brands.age} />
        {brands.value.length === 0 ? (
          <EmptyState title={t("noCardsForCountry", { country: countryName })}>
            <p>
              {t.rich("noCardsForCountryHelp", {
                link: (chunks) => (
                  <Link href="/giftcards" className="font-medium text-brand underline-offset-4 hover:underline">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState title={t("noMatchInCountry", { query: query ?? "", country: countryName })}>
            <p>
              {t.rich("noMatchInCountryHelp", {
                country: countryName,
                all: (chunks) => (
                  <Link
                    href={`/giftcards/${country}`}
                    className="font-medium text-brand underline-offset-4 hover:underline"
                  >
                    {chunks}
                  </Link>
                ),
                every: (chunks) => (
                  <Link
                    href={`/giftcards?${new URLSearchParams({ q: query ?? "" })}`}
                    className="font-medium text-brand underline-offset-4 hover:underline"
                  >
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          </EmptyState>
        ) : (
          <BrandGrid brands={shown} />
        )}
      </section>
    </GiftcardShell>
  );
}
