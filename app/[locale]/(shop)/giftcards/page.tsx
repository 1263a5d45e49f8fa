import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadGiftcardCountries, searchAllBrands } from "@/lib/products/giftcard/catalog";
import { GiftcardShell, failureText, first, type Search } from "./shell";
import { AllCountryResults } from "@/components/shop/giftcards/all-country-results";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { CountryGrid } from "@/components/shop/giftcards/country-grid";
import { isCountryCode } from "@/lib/products/giftcard/country";
import { BrandSearchForm } from "@/components/shop/giftcards/search-form";
import { pageLocale } from "@/lib/i18n/locale-param";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

type Params = Promise<{ locale: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Giftcard" });
  return { title: t("giftCards") };
}

export const dynamic = "force-dynamic";

/**
 * /giftcards: the countries with gift cards, and the brand search. A search with a country goes
 * to the shareable /giftcards/[country]?q=…; a name alone is answered here (?q=…) with the
 * matching brands and the countries each is sold in.
 */
export default async function GiftcardsPage({
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
  const search = await searchParams;
  const query = first(search.q)?.slice(0, 100);
  const country = first(search.country)?.toLowerCase();
  if (country && isCountryCode(country))
    return redirectInLanguage(`/giftcards/${country}${query ? `?${new URLSearchParams({ q: query })}` : ""}`);

  const countries = await loadGiftcardCountries(locale);
  const intro = (
    <div className="flex flex-col gap-3">
      <h1 className="text-3xl font-bold tracking-tight">{t("giftCards")}</h1>
      <p className="max-w-2xl text-muted">{t("intro")}</p>
    </div>
  );
  if (!countries.ok) {
    return (
      <GiftcardShell>
        {intro}
        <CatalogError message={failureText(t, countries)} retryHref="/giftcards" />
      </GiftcardShell>
    );
  }

  const results = query ? await searchAllBrands(query, locale) : null;
  return (
    <GiftcardShell>
      {intro}
      <div className="rounded-xl border border-border bg-surface p-5">
        <BrandSearchForm countries={countries.value} query={query} />
      </div>
      {results ? (
        <section aria-labelledby="results-heading" className="flex flex-col gap-4">
          <h2 id="results-heading" className="text-xl font-semibold">
            {t("brandsMatching", { query: query ?? "" })}
          </h2>
          {!results.ok ? (
            <CatalogError
              message={failureText(t, results)}
              retryHref={`/giftcards?${new URLSearchParams({ q: query ?? "" })}`}
              backHref="/giftcards"
              backText={t("allCountries")}
            />
          ) : results.value.length === 0 ? (
            <EmptyState title={t("noBrandsMatch", { query: query ?? "" })}>
              <p>{t("noBrandsMatchHelp")}</p>
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
          {t("chooseCountry")}
        </h2>
        <CatalogAgeNotice age={countries.age} />
        {countries.value.length === 0 ? (
          <EmptyState title={t("noneOnSale")}>
            <p>{t("comeBackLater")}</p>
          </EmptyState>
        ) : (
          <CountryGrid countries={countries.value} />
        )}
      </section>
    </GiftcardShell>
  );
}
