import { Search as SearchIcon } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import { notFound } from "next/navigation";
import { CatalogError, StaleNotice } from "@/components/shop/topup/catalog-notices";
import { countryNameOf, flagEmoji, isCountryCode } from "@/lib/products/topup/countries";
import { OperatorGrid } from "@/components/shop/topup/operator-grid";
import { checkPhone } from "@/lib/validation/phone";
import { ProductTable } from "@/components/shop/topup/product-table";
import { Promotions } from "@/components/shop/topup/promotions";
import { BROWSE_FIRST, StepProgress } from "@/components/shop/topup/step-progress";
import { Breadcrumbs, TopupShell } from "@/components/shop/topup/topup-shell";
import { countryFromParam, countryHref } from "@/lib/products/topup/urls";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { loadCountryPage } from "@/lib/products/topup/country-page";
import { first, type Search } from "../search-params";
import { pageLocale } from "@/lib/i18n/locale-param";
import { pageCurrency } from "@/lib/i18n/page-currency";
import { localizedPath } from "@/lib/i18n/locale-routing.mjs";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

type Params = Promise<{ locale: string; edition?: string; country: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Topup" });
  const country = countryFromParam((await params).country);
  return {
    title:
      country && isCountryCode(country)
        ? t("titleIn", { country: countryNameOf(country, undefined, locale) })
        : t("title"),
  };
}

/**
 * A country's operators and top-ups (catalog search), server-rendered from the catalog cache:
 * /topup/de. `?q=` narrows the top-ups; `?phone=` (coming from a number) is kept in every link.
 */
export default async function CountryPage({ params, searchParams }: { params: Params; searchParams: Promise<Search> }) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("topup", locale);
  if (unavailable) return unavailable;
  const t = await getTranslations({ locale, namespace: "Topup" });
  const raw = (await params).country;
  const country = countryFromParam(raw);
  if (!country || !isCountryCode(country)) notFound();
  if (raw !== country) return redirectInLanguage(countryHref(country));
  const search = await searchParams;
  const q = first(search.q)?.slice(0, 60);
  const phone = first(search.phone);
  const keptPhone = phone && checkPhone(phone).ok ? phone : undefined;

  const page = await loadCountryPage(country, { phone: keptPhone }, locale, await pageCurrency(params));
  if (!page.known) notFound();
  const retryHref = countryHref(country, { q, phone: keptPhone });
  const needle = q?.toLowerCase();
  const products =
    page.products.ok && needle
      ? page.products.value.filter((r) => r.choice.productName.toLowerCase().includes(needle))
      : page.products.ok
        ? page.products.value
        : [];
  const staleAgeMs =
    (page.operators.ok ? page.operators.age?.ageMs : null) ??
    (page.products.ok ? page.products.age?.ageMs : null) ??
    null;

  return (
    <TopupShell>
      <Breadcrumbs items={[{ label: t("title"), href: "/topup" }, { label: page.name }]} />
      <div className="flex flex-col gap-4">
        <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight">
          <span aria-hidden="true">{flagEmoji(country)}</span>
          {t("titleIn", { country: page.name })}
        </h1>
        <StepProgress current={1} steps={BROWSE_FIRST} />
      </div>
      {staleAgeMs !== null ? <StaleNotice ageMs={staleAgeMs} what="operators" /> : null}
      <Promotions promotions={page.promotions} showOperator locale={locale} />

      <section aria-labelledby="operators-heading" className="flex flex-col gap-3">
        <h2 id="operators-heading" className="text-xl font-semibold">
          {t("chooseOperator")}
        </h2>
        {!page.operators.ok ? (
          <CatalogError
            title={t("operatorsError")}
            message={page.operators.error}
            retryHref={retryHref}
            backHref="/topup"
            backLabel={t("allCountries")}
          />
        ) : page.operators.value.length === 0 ? (
          <div className="rounded-xl border border-border bg-surface px-5 py-5" data-testid="no-operators">
            <p className="font-semibold">{t("noOperatorsTitle", { country: page.name })}</p>
            <p className="mt-1 text-sm text-muted">{t("noOperatorsBody", { country: page.name })}</p>
            <Link
              href="/topup"
              className="mt-3 inline-block text-sm font-medium text-brand underline-offset-4 hover:underline"
            >
              {t("seeCountries")}
            </Link>
          </div>
        ) : (
          <OperatorGrid operators={page.operators.value} />
        )}
      </section>

      {page.operators.ok && page.operators.value.length === 0 ? null : (
        <section aria-labelledby="products-heading" className="flex flex-col gap-3">
          <h2 id="products-heading" className="text-xl font-semibold">
            {t("allTopupsIn", { country: page.name })}
          </h2>
          <form action={localizedPath(countryHref(country), locale)} method="get" role="search" className="flex gap-2">
            {keptPhone ? <input type="hidden" name="phone" value={keptPhone} /> : null}
            <label htmlFor="product-search" className="sr-only">
              {t("searchLabel", { country: page.name })}
            </label>
            <Input
              id="product-search"
              name="q"
              type="search"
              defaultValue={q}
              placeholder={t("searchPlaceholder")}
              className="flex-1"
            />
            <Button type="submit" variant="secondary">
              <SearchIcon className="size-4" aria-hidden="true" />
              {t("search")}
            </Button>
          </form>
          {!page.products.ok ? (
            <CatalogError title={t("productsError")} message={page.products.error} retryHref={retryHref} />
          ) : products.length === 0 ? (
            <p
              className="rounded-xl border border-border bg-surface px-5 py-4 text-sm text-muted"
              data-testid="no-products"
            >
              {q ? t("noMatch", { country: page.name, query: q }) : t("noProducts", { country: page.name })}
              {q ? (
                <Link
                  href={countryHref(country, { phone: keptPhone })}
                  className="ml-2 font-medium text-brand underline-offset-4 hover:underline"
                >
                  {t("showAll")}
                </Link>
              ) : null}
            </p>
          ) : (
            <ProductTable rows={products} caption={t("tableCaption", { country: page.name })} locale={locale} />
          )}
        </section>
      )}
    </TopupShell>
  );
}
