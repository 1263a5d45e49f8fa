import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { loadSelection } from "@/lib/products/unlock/catalog";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { DeviceHeader } from "@/components/shop/unlock/device-header";
import { ToolList } from "@/components/shop/unlock/tool-list";
import { UnlockShell } from "@/components/shop/unlock/unlock-shell";
import { failureText } from "@/components/shop/unlock/words";
import { pageLocale } from "@/lib/i18n/locale-param";
import { pageCurrency } from "@/lib/i18n/page-currency";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Unlock" });
  return { title: t("chooseService") };
}
export const dynamic = "force-dynamic";

type Params = { locale: string; edition?: string; brand: string; device: string; country: string; network: string };

/** Step 3: the unlock services for this device on this network. */
export default async function ToolsPage({ params }: { params: Promise<Params> }) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("unlock", locale);
  if (unavailable) return unavailable;
  const t = await getTranslations({ locale, namespace: "Unlock" });
  const raw = await params;
  const loaded = await loadSelection(raw, await pageCurrency(params));
  const deviceHref = `/unlock/${raw.brand}/${raw.device}`;
  if (!loaded.ok) {
    return (
      <UnlockShell step={3}>
        <h1 className="text-3xl font-bold tracking-tight">{t("chooseService")}</h1>
        <CatalogError
          message={failureText(t, loaded.error)}
          retryHref={`${deviceHref}/${raw.country}/${raw.network}`}
          backHref={deviceHref}
          backText={t("chooseAnotherNetwork")}
        />
      </UnlockShell>
    );
  }
  if (!loaded.value) notFound();
  const { device, country, network, tools } = loaded.value;

  return (
    <UnlockShell step={3}>
      <Breadcrumbs
        items={[
          { label: t("title"), href: "/unlock" },
          { label: device.brandName, href: `/unlock/${device.brandId}` },
          { label: device.name, href: `${deviceHref}?country=${country.id}` },
          { label: network.name },
        ]}
      />
      <DeviceHeader device={device} title={t("chooseService")} />
      <p className="text-sm">
        {t.rich("lockedTo", {
          network: network.name,
          country: country.name,
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
      <CatalogAgeNotice age={loaded.age} />
      {tools.length === 0 ? (
        <EmptyState title={t("noTools", { network: network.name })}>
          <p>{t("noToolsHint")}</p>
        </EmptyState>
      ) : (
        <section aria-labelledby="tools-heading" className="flex flex-col gap-4">
          <h2 id="tools-heading" className="text-xl font-semibold">
            {t("toolsHeading", { count: tools.length, network: network.name })}
          </h2>
          <ToolList tools={tools} baseHref={`${deviceHref}/${country.id}/${network.id}`} locale={locale} />
        </section>
      )}
    </UnlockShell>
  );
}
