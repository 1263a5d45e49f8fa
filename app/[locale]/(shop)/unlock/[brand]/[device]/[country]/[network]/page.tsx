import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { loadSelection } from "@/lib/products/unlock/catalog";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { DeviceHeader } from "@/components/shop/unlock/device-header";
import { ToolList } from "@/components/shop/unlock/tool-list";
import { UnlockShell } from "@/components/shop/unlock/unlock-shell";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Choose an unlock service" };
export const dynamic = "force-dynamic";

type Params = { locale: string; brand: string; device: string; country: string; network: string };

/** Step 3: the unlock services for this device on this network. */
export default async function ToolsPage({ params }: { params: Promise<Params> }) {
  await enterLocale(params);
  const raw = await params;
  const loaded = await loadSelection(raw);
  const deviceHref = `/unlock/${raw.brand}/${raw.device}`;
  if (!loaded.ok) {
    return (
      <UnlockShell step={3}>
        <h1 className="text-3xl font-bold tracking-tight">Choose an unlock service</h1>
        <CatalogError message={loaded.error} retryHref={`${deviceHref}/${raw.country}/${raw.network}`} backHref={deviceHref} backText="Choose another network" />
      </UnlockShell>
    );
  }
  if (!loaded.value) notFound();
  const { device, country, network, tools } = loaded.value;

  return (
    <UnlockShell step={3}>
      <Breadcrumbs
        items={[
          { label: "Device unlock", href: "/unlock" },
          { label: device.brandName, href: `/unlock/${device.brandId}` },
          { label: device.name, href: `${deviceHref}?country=${country.id}` },
          { label: network.name },
        ]}
      />
      <DeviceHeader device={device} title="Choose an unlock service" />
      <p className="text-sm">
        Locked to <strong>{network.name}</strong> ({country.name}).
      </p>
      <CatalogAgeNotice age={loaded.age} />
      {tools.length === 0 ? (
        <EmptyState title={`No unlock service for this device on ${network.name} right now`}>
          <p>Check that this is the network the phone is locked to, or try again another day: services change.</p>
        </EmptyState>
      ) : (
        <section aria-labelledby="tools-heading" className="flex flex-col gap-4">
          <h2 id="tools-heading" className="text-xl font-semibold">
            {tools.length === 1 ? "1 service" : `${tools.length} services`} for this phone on {network.name}
          </h2>
          <ToolList tools={tools} baseHref={`${deviceHref}/${country.id}/${network.id}`} />
        </section>
      )}
    </UnlockShell>
  );
}
