import type { Metadata } from "next";
import { Link } from "@/lib/i18n/navigation";
import { loadBrands, searchDevices } from "@/lib/products/unlock/catalog";
import { first, type Search } from "./search-params";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { BrandGrid } from "@/components/shop/unlock/brand-grid";
import { DeviceGrid } from "@/components/shop/unlock/device-grid";
import { QuerySearchForm } from "@/components/ui/query-search-form";
import { UnlockShell } from "@/components/shop/unlock/unlock-shell";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Device unlock" };
export const dynamic = "force-dynamic";

/** /unlock: step 1, the brands and a search across every brand's devices (?q=). */
export default async function UnlockPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<Search> }) {
  await enterLocale(params);
  const query = first((await searchParams).q)?.slice(0, 100);
  const brands = await loadBrands();
  const results = query ? await searchDevices(query) : null;

  return (
    <UnlockShell step={1}>
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Device unlock</h1>
        <p className="max-w-2xl text-muted">
          Use your phone with any network. Choose your phone, the network it is locked to, and an unlock service. Not sure the phone is clean?{" "}
          <Link href="/imei-check" className="font-medium text-brand underline underline-offset-4">
            Check its IMEI first
          </Link>
          .
        </p>
      </div>
      <div className="rounded-xl border border-border bg-surface p-5">
        <QuerySearchForm action="/unlock" ariaLabel="Devices" id="device-q" label="Device" placeholder="iPhone 13, Galaxy S10, Pixel…" maxLength={100} query={query} />
      </div>
      {results ? (
        <section aria-labelledby="results-heading" className="flex flex-col gap-4">
          <h2 id="results-heading" className="text-xl font-semibold">
            Devices matching “{query}”
          </h2>
          {!results.ok ? (
            <CatalogError message={results.error} retryHref={`/unlock?${new URLSearchParams({ q: query ?? "" })}`} />
          ) : results.value.length === 0 ? (
            <EmptyState title={`No devices match “${query}”`}>
              <p>Check the spelling, or choose the brand below and browse its models.</p>
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
          Choose a brand
        </h2>
        {!brands.ok ? (
          <CatalogError message={brands.error} retryHref="/unlock" />
        ) : brands.value.length === 0 ? (
          <EmptyState title="No brands available right now">
            <p>Please come back later.</p>
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
