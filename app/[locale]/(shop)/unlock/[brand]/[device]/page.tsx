import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { idParam, loadCountries, loadDevice, loadNetworks } from "@/lib/products/unlock/catalog";
import { first, type Search } from "../../search-params";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { CountryForm } from "@/components/shop/unlock/country-form";
import { DeviceHeader } from "@/components/shop/unlock/device-header";
import { NetworkList } from "@/components/shop/unlock/network-list";
import { UnlockShell } from "@/components/shop/unlock/unlock-shell";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Choose the network" };
export const dynamic = "force-dynamic";

/** /unlock/[brand]/[device]?country=: step 2, the country, then the network the phone is locked to. */
export default async function DevicePage({ params, searchParams }: { params: Promise<{ locale: string; brand: string; device: string }>; searchParams: Promise<Search> }) {
  await enterLocale(params);
  const raw = await params;
  const brandId = idParam(raw.brand);
  const deviceId = idParam(raw.device);
  if (brandId === null || deviceId === null) notFound();
  const countryParam = first((await searchParams).country);
  const countryId = countryParam ? idParam(countryParam) : null;

  const device = await loadDevice(brandId, deviceId);
  if (device.ok && !device.value) notFound();
  const base = `/unlock/${brandId}/${deviceId}`;
  if (!device.ok) {
    return (
      <UnlockShell step={2}>
        <h1 className="text-3xl font-bold tracking-tight">Choose the network</h1>
        <CatalogError message={device.error} retryHref={base} backHref="/unlock" backText="All brands" />
      </UnlockShell>
    );
  }
  const d = device.value!;
  const [countries, networks] = await Promise.all([loadCountries(), countryId !== null ? loadNetworks(countryId) : Promise.resolve(null)]);

  return (
    <UnlockShell step={2}>
      <Breadcrumbs items={[{ label: "Device unlock", href: "/unlock" }, { label: d.brandName, href: `/unlock/${brandId}` }, { label: d.name }]} />
      <DeviceHeader device={d} title="Which network is it locked to?" />
      <CatalogAgeNotice age={device.age} />
      {!countries.ok ? (
        <CatalogError message={countries.error} retryHref={base} />
      ) : (
        <div className="rounded-xl border border-border bg-surface p-5">
          <CountryForm action={base} countries={countries.value} selected={countryId ?? undefined} />
        </div>
      )}
      {networks ? (
        <section aria-labelledby="networks-heading" className="flex flex-col gap-4">
          {!networks.ok ? (
            <CatalogError message={networks.error} retryHref={`${base}?country=${countryId}`} />
          ) : !networks.value ? (
            <EmptyState title="We do not know that country">
              <p>Choose a country from the list.</p>
            </EmptyState>
          ) : (
            <>
              <h2 id="networks-heading" className="text-xl font-semibold">
                Networks in {networks.value.country.name}
              </h2>
              <CatalogAgeNotice age={networks.age} />
              {networks.value.networks.length === 0 ? (
                <EmptyState title={`No networks listed for ${networks.value.country.name}`}>
                  <p>Choose another country.</p>
                </EmptyState>
              ) : (
                <NetworkList networks={networks.value.networks} baseHref={base} />
              )}
            </>
          )}
        </section>
      ) : null}
    </UnlockShell>
  );
}
