import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import { loadBrands, searchDevices } from "@/lib/products/unlock/catalog";
import { first, type Search } from "./search-params";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { BrandGrid } from "@/components/shop/unlock/brand-grid";
import { DeviceGrid } from "@/components/shop/unlock/device-grid";
import { QuerySearchForm } from "@/components/ui/query-search-form";
import { UnlockShell } from "@/components/shop/unlock/unlock-shell";
import { failureText } from "@/components/shop/unlock/words";
import { pageLocale } from "@/lib/i18n/locale-param";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Unlock" });
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

/** /unlock: step 1, the brands and a search across every brand's devices (?q=). */
export default async function UnlockPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Search>;
}) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("unlock", locale);
  if (unavailable) return unavailable;
  const t = await getTranslations({ locale, namespace: "Unlock" });
  const query = first((await searchParams).q)?.slice(0, 100);
  const brands = await loadBrands();
  const results = query ? await searchDevices(query) : null;

  return (
    <UnlockShell step={1}>
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="max-w-2xl text-muted">
          {t.rich("intro", {
            link: (chunks) => (
              <Link href="/imei-check" className="font-medium text-brand underline underline-offset-4">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
      <div className="rounded-xl border border-border bg-surface p-5">
        <QuerySearchForm
          action="/unlock"
          ariaLabel={t("devices")}
          id="device-q"
          label={t("searchLabel")}
          placeholder={t("searchPlaceholder")}
          maxLength={100}
          query={query}
        />
      </div>
      {results ? (
        <section aria-labelledby="results-heading" className="flex flex-col gap-4">
          <h2 id="results-heading" className="text-xl font-semibold">
            {t("resultsHeading", { query: query ?? "" })}
          </h2>
          {!results.ok ? (
            <CatalogError
              message={failureText(t, results.error)}
              retryHref={`/unlock?${new URLSearchParams({ q: query ?? "" })}`}
            />
          ) : results.value.length === 0 ? (
            <EmptyState title={t("noMatch", { query: query ?? "" })}>
              <p>{t("noMatchHint")}</p>
            </EmptyState>
          ) : (
            <>
              <CatalogAgeNotice age={results.age} />
              <DeviceGrid devices={results.value} showBrand />
            </>
          )}
        </section>
      ) : null}
      <section aria-labelledby="brands-heading" className="flex flex-col gap-4">
        <h2 id="brands-heading" className="text-xl font-semibold">
          {t("chooseBrand")}
        </h2>
        {!brands.ok ? (
          <CatalogError message={failureText(t, brands.error)} retryHref="/unlock" />
        ) : brands.value.length === 0 ? (
          <EmptyState title={t("noBrands")}>
            <p>{t("comeBackLater")}</p>
          </EmptyState>
        ) : (
          <>
            <CatalogAgeNotice age={brands.age} />
            <BrandGrid brands={brands.value} />
          </>
        )}
      </section>
    </UnlockShell>
  );
}
