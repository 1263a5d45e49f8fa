import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { idParam, loadCountries, loadDevice, loadNetworks } from "@/lib/products/unlock/catalog";
import { first, type Search } from "../../search-params";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { CountryForm } from "@/components/shop/unlock/country-form";
import { DeviceHeader } from "@/components/shop/unlock/device-header";
import { NetworkList } from "@/components/shop/unlock/network-list";
import { UnlockShell } from "@/components/shop/unlock/unlock-shell";
import { failureText } from "@/components/shop/unlock/words";
import { pageLocale } from "@/lib/i18n/locale-param";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Unlock" });
  return { title: t("chooseNetwork") };
}
export const dynamic = "force-dynamic";

/** /unlock/[brand]/[device]?country=: step 2, the country, then the network the phone is locked to. */
export default async function DevicePage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string; brand: string; device: string }>;
  searchParams: Promise<Search>;
}) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("unlock", locale);
  if (unavailable) return unavailable;
  const t = await getTranslations({ locale, namespace: "Unlock" });
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
        <h1 className="text-3xl font-bold tracking-tight">{t("chooseNetwork")}</h1>
        <CatalogError
          message={failureText(t, device.error)}
          retryHref={base}
          backHref="/unlock"
          backText={t("allBrands")}
        />
      </UnlockShell>
    );
  }
  const d = device.value!;
  const [countries, networks] = await Promise.all([
    loadCountries(),
    countryId !== null ? loadNetworks(countryId) : Promise.resolve(null),
  ]);

  return (
    <UnlockShell step={2}>
      <Breadcrumbs
        items={[
          { label: t("title"), href: "/unlock" },
          { label: d.brandName, href: `/unlock/${brandId}` },
          { label: d.name },
        ]}
      />
      <DeviceHeader device={d} title={t("whichNetwork")} />
      <CatalogAgeNotice age={device.age} />
      {!countries.ok ? (
        <CatalogError message={failureText(t, countries.error)} retryHref={base} />
      ) : (
        <div className="rounded-xl border border-border bg-surface p-5">
          <CountryForm action={base} countries={countries.value} selected={countryId ?? undefined} />
        </div>
      )}
      {networks ? (
        <section aria-labelledby="networks-heading" className="flex flex-col gap-4">
          {!networks.ok ? (
            <CatalogError message={failureText(t, networks.error)} retryHref={`${base}?country=${countryId}`} />
          ) : !networks.value ? (
            <EmptyState title={t("unknownCountry")}>
              <p>{t("chooseCountryFromList")}</p>
            </EmptyState>
          ) : (
            <>
              <h2 id="networks-heading" className="text-xl font-semibold">
                {t("networksIn", { country: networks.value.country.name })}
              </h2>
              <CatalogAgeNotice age={networks.age} />
              {networks.value.networks.length === 0 ? (
                <EmptyState title={t("noNetworks", { country: networks.value.country.name })}>
                  <p>{t("chooseAnotherCountry")}</p>
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
