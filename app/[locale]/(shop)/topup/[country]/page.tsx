import { Search as SearchIcon } from "lucide-react";
import type { Metadata } from "next";
import { Link } from "@/lib/i18n/navigation";
import { notFound, redirect } from "next/navigation";
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
import { enterLocale } from "@/lib/i18n/locale-param";

type Params = Promise<{ locale: string; country: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const country = countryFromParam((await params).country);
  return { title: country && isCountryCode(country) ? `Mobile top-up in ${countryNameOf(country)}` : "Mobile top-up" };
}

/**
 * A country's operators and top-ups (catalog search), server-rendered from the catalog cache:
 * /topup/de. `?q=` narrows the top-ups; `?phone=` (coming from a number) is kept in every link.
 */
export default async function CountryPage({ params, searchParams }: { params: Params; searchParams: Promise<Search> }) {
  await enterLocale(params);
  const raw = (await params).country;
  const country = countryFromParam(raw);
  if (!country || !isCountryCode(country)) notFound();
  if (raw !== country) redirect(countryHref(country));
  const search = await searchParams;
  const q = first(search.q)?.slice(0, 60);
  const phone = first(search.phone);
  const keptPhone = phone && checkPhone(phone).ok ? phone : undefined;

  const page = await loadCountryPage(country, { phone: keptPhone });
  if (!page.known) notFound();
  const retryHref = countryHref(country, { q, phone: keptPhone });
  const needle = q?.toLowerCase();
  const products = page.products.ok && needle ? page.products.value.filter((r) => r.choice.productName.toLowerCase().includes(needle)) : page.products.ok ? page.products.value : [];
  const staleAgeMs = (page.operators.ok ? page.operators.age?.ageMs : null) ?? (page.products.ok ? page.products.age?.ageMs : null) ?? null;

  return (
    <TopupShell>
      <Breadcrumbs items={[{ label: "Mobile top-up", href: "/topup" }, { label: page.name }]} />
      <div className="flex flex-col gap-4">
        <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight">
          <span aria-hidden="true">{flagEmoji(country)}</span>
          Mobile top-up in {page.name}
        </h1>
        <StepProgress current={1} steps={BROWSE_FIRST} />
      </div>
      {staleAgeMs !== null ? <StaleNotice ageMs={staleAgeMs} what="Operators and prices" /> : null}
      <Promotions promotions={page.promotions} showOperator />

      <section aria-labelledby="operators-heading" className="flex flex-col gap-3">
        <h2 id="operators-heading" className="text-xl font-semibold">
          Choose the operator
        </h2>
        {!page.operators.ok ? (
          <CatalogError title="We cannot show the operators right now" message={page.operators.error} retryHref={retryHref} backHref="/topup" backLabel="All countries" />
        ) : page.operators.value.length === 0 ? (
          <div className="rounded-xl border border-border bg-surface px-5 py-5" data-testid="no-operators">
            <p className="font-semibold">No operators in {page.name} yet</p>
            <p className="mt-1 text-sm text-muted">We cannot top up numbers in {page.name} at the moment.</p>
            <Link href="/topup" className="mt-3 inline-block text-sm font-medium text-brand underline-offset-4 hover:underline">
              See the countries we serve
            </Link>
          </div>
        ) : (
          <OperatorGrid operators={page.operators.value} />
        )}
      </section>

      {page.operators.ok && page.operators.value.length === 0 ? null : (
        <section aria-labelledby="products-heading" className="flex flex-col gap-3">
          <h2 id="products-heading" className="text-xl font-semibold">
            All top-ups in {page.name}
          </h2>
          <form action={countryHref(country)} method="get" role="search" className="flex gap-2">
            {keptPhone ? <input type="hidden" name="phone" value={keptPhone} /> : null}
            <label htmlFor="product-search" className="sr-only">
              Search the top-ups in {page.name}
            </label>
            <Input id="product-search" name="q" type="search" defaultValue={q} placeholder="Search, e.g. 10 GB or 20 EUR" className="flex-1" />
            <Button type="submit" variant="secondary">
              <SearchIcon className="size-4" aria-hidden="true" />
              Search
            </Button>
          </form>
          {!page.products.ok ? (
            <CatalogError title="We cannot show the top-ups right now" message={page.products.error} retryHref={retryHref} />
          ) : products.length === 0 ? (
            <p className="rounded-xl border border-border bg-surface px-5 py-4 text-sm text-muted" data-testid="no-products">
              {q ? `No top-up in ${page.name} matches “${q}”.` : `No top-ups are on offer in ${page.name} right now.`}
              {q ? (
                <Link href={countryHref(country, { phone: keptPhone })} className="ml-2 font-medium text-brand underline-offset-4 hover:underline">
                  Show all
                </Link>
              ) : null}
            </p>
          ) : (
            <ProductTable rows={products} caption={`Top-ups in ${page.name}`} />
          )}
        </section>
      )}
    </TopupShell>
  );
}
