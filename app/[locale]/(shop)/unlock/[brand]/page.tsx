import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { idParam, loadBrandDevices } from "@/lib/products/unlock/catalog";
import { first, type Search } from "../search-params";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { DeviceGrid } from "@/components/shop/unlock/device-grid";
import { QuerySearchForm } from "@/components/ui/query-search-form";
import { UnlockShell } from "@/components/shop/unlock/unlock-shell";
import { failureText } from "@/components/shop/unlock/words";
import { pageLocale } from "@/lib/i18n/locale-param";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Unlock" });
  return { title: t("chooseDevice") };
}
export const dynamic = "force-dynamic";

/** /unlock/[brand]: the brand's devices with pictures, filtered by ?q=. */
export default async function BrandPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string; brand: string }>;
  searchParams: Promise<Search>;
}) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("unlock", locale);
  if (unavailable) return unavailable;
  const t = await getTranslations({ locale, namespace: "Unlock" });
  const brandId = idParam((await params).brand);
  if (brandId === null) notFound();
  const query = first((await searchParams).q)?.slice(0, 100);
  const loaded = await loadBrandDevices(brandId);
  if (loaded.ok && !loaded.value) notFound();

  const brandName = loaded.ok ? loaded.value!.brand.name : t("devices");
  const words = query?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const devices = loaded.ok
    ? loaded.value!.devices.filter((d) => words.every((w) => d.name.toLowerCase().includes(w)))
    : [];

  return (
    <UnlockShell step={1}>
      <Breadcrumbs items={[{ label: t("title"), href: "/unlock" }, { label: brandName }]} />
      <h1 className="text-3xl font-bold tracking-tight">
        {loaded.ok ? t("whichDevice", { brand: brandName }) : t("chooseDevice")}
      </h1>
      {!loaded.ok ? (
        <CatalogError
          message={failureText(t, loaded.error)}
          retryHref={`/unlock/${brandId}`}
          backHref="/unlock"
          backText={t("allBrands")}
        />
      ) : (
        <>
          <div className="rounded-xl border border-border bg-surface p-5">
            <QuerySearchForm
              action={`/unlock/${brandId}`}
              ariaLabel={t("devices")}
              id="device-q"
              label={t("brandModel", { brand: brandName })}
              placeholder={t("searchPlaceholder")}
              maxLength={100}
              query={query}
            />
          </div>
          <CatalogAgeNotice age={loaded.age} />
          {devices.length === 0 ? (
            <EmptyState
              title={query ? t("noBrandMatch", { brand: brandName, query }) : t("noBrandDevices", { brand: brandName })}
            >
              <p>{t("noBrandMatchHint")}</p>
            </EmptyState>
          ) : (
            <DeviceGrid devices={devices} />
          )}
        </>
      )}
    </UnlockShell>
  );
}
