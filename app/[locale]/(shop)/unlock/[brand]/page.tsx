import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { idParam, loadBrandDevices } from "@/lib/products/unlock/catalog";
import { first, type Search } from "../search-params";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { DeviceGrid } from "@/components/shop/unlock/device-grid";
import { QuerySearchForm } from "@/components/ui/query-search-form";
import { UnlockShell } from "@/components/shop/unlock/unlock-shell";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Choose your device" };
export const dynamic = "force-dynamic";

/** /unlock/[brand]: the brand's devices with pictures, filtered by ?q=. */
export default async function BrandPage({ params, searchParams }: { params: Promise<{ locale: string; brand: string }>; searchParams: Promise<Search> }) {
  await enterLocale(params);
  const brandId = idParam((await params).brand);
  if (brandId === null) notFound();
  const query = first((await searchParams).q)?.slice(0, 100);
  const loaded = await loadBrandDevices(brandId);
  if (loaded.ok && !loaded.value) notFound();

  const brandName = loaded.ok ? loaded.value!.brand.name : "Devices";
  const words = query?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const devices = loaded.ok ? loaded.value!.devices.filter((d) => words.every((w) => d.name.toLowerCase().includes(w))) : [];

  return (
    <UnlockShell step={1}>
      <Breadcrumbs items={[{ label: "Device unlock", href: "/unlock" }, { label: brandName }]} />
      <h1 className="text-3xl font-bold tracking-tight">{loaded.ok ? `Which ${brandName} device?` : "Choose your device"}</h1>
      {!loaded.ok ? (
        <CatalogError message={loaded.error} retryHref={`/unlock/${brandId}`} backHref="/unlock" backText="All brands" />
      ) : (
        <>
          <div className="rounded-xl border border-border bg-surface p-5">
            <QuerySearchForm action={`/unlock/${brandId}`} ariaLabel="Devices" id="device-q" label={`${brandName} model`} placeholder="iPhone 13, Galaxy S10, Pixel…" maxLength={100} query={query} />
          </div>
          <CatalogAgeNotice age={loaded.age} />
          {devices.length === 0 ? (
            <EmptyState title={query ? `No ${brandName} devices match “${query}”` : `No ${brandName} devices to unlock right now`}>
              <p>Check the spelling, or go back and search every brand.</p>
            </EmptyState>
          ) : (
            <DeviceGrid devices={devices} />
          )}
        </>
      )}
    </UnlockShell>
  );
}
