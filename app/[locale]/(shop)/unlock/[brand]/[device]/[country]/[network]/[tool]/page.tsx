import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { payForUnlockAction } from "../../../../../actions";
import { idParam, loadSelection } from "@/lib/products/unlock/catalog";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogError } from "@/components/shop/giftcards/catalog-notice";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import { DeviceImage } from "@/components/shop/unlock/device-image";
import { UnlockOrderForm } from "@/components/shop/unlock/unlock-order-form";
import { UnlockShell } from "@/components/shop/unlock/unlock-shell";
import { failureText, successText, timeText } from "@/components/shop/unlock/words";
import { ClientMessages } from "@/components/client-messages";
import { Card, CardTitle } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/guards";
import { moneyText } from "@/lib/i18n/formats";
import { pageLocale } from "@/lib/i18n/locale-param";
import { pageCurrency } from "@/lib/i18n/page-currency";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Unlock" });
  return { title: t("payTitle") };
}
export const dynamic = "force-dynamic";

type Params = {
  locale: string;
  edition?: string;
  brand: string;
  device: string;
  country: string;
  network: string;
  tool: string;
};

/**
 * Step 4: checklist, IMEI (+ the service's extra codes), email and pay. No submission id in the
 * URL or the page: the pay action derives it from this browser's submitter cookie and what is
 * ordered (lib/orders/submitter.ts), so a reload or a second click of Pay reaches one order.
 */
export default async function UnlockOrderPage({ params }: { params: Promise<Params> }) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("unlock", locale);
  if (unavailable) return unavailable;
  const t = await getTranslations({ locale, namespace: "Unlock" });
  const raw = await params;
  const toolId = idParam(raw.tool);
  if (toolId === null) notFound();
  const base = `/unlock/${raw.brand}/${raw.device}/${raw.country}/${raw.network}`;

  const loaded = await loadSelection(raw, await pageCurrency(params));
  if (!loaded.ok) {
    return (
      <UnlockShell step={4}>
        <h1 className="text-3xl font-bold tracking-tight">{t("payTitle")}</h1>
        <CatalogError
          message={failureText(t, loaded.error)}
          retryHref={`${base}/${toolId}`}
          backHref={base}
          backText={t("unlockServices")}
        />
      </UnlockShell>
    );
  }
  const tool = loaded.value?.tools.find((offered) => offered.id === toolId);
  if (!loaded.value || !tool) notFound();
  const { device, country, network } = loaded.value;
  const user = await getCurrentUser();
  const totalText = moneyText(tool.price.totalMinor, tool.price.currency, locale);

  return (
    <UnlockShell step={4}>
      <Breadcrumbs
        items={[
          { label: t("title"), href: "/unlock" },
          {
            label: `${device.brandName} ${device.name}`,
            href: `/unlock/${device.brandId}/${device.id}?country=${country.id}`,
          },
          { label: network.name, href: base },
          { label: tool.serviceName || tool.name },
        ]}
      />
      <h1 className="text-3xl font-bold tracking-tight">{t("payTitle")}</h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="order-2 lg:order-1">
          <ClientMessages locale={locale} namespaces={["UnlockForm", "UnlockImei", "Checkout"]}>
            <UnlockOrderForm
              action={payForUnlockAction}
              fields={{
                brand: device.brandId,
                device: device.id,
                country: country.id,
                network: network.id,
                tool: tool.id,
                expectedTotalMinor: tool.price.totalMinor,
                expectedCurrency: tool.price.currency,
              }}
              needs={tool.needs}
              networkText={`${network.name} (${country.name})`}
              totalText={totalText}
              defaultEmail={user?.email}
              signedIn={!!user}
            />
          </ClientMessages>
        </Card>
        <Card className="order-1 flex flex-col gap-4 self-start lg:order-2">
          <CardTitle>{t("yourOrder")}</CardTitle>
          <div className="flex items-center gap-3">
            <DeviceImage
              url={device.imageUrl}
              name={`${device.brandName} ${device.name}`}
              className="h-16 w-14 shrink-0 border border-border"
            />
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {device.brandName} {device.name}
              </p>
              <p className="text-muted">
                {network.name}, {country.name}
              </p>
            </div>
          </div>
          <dl className="flex flex-col gap-1.5 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{t("service")}</dt>
              <dd className="text-right font-medium">{tool.serviceName || tool.name}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{t("guaranteedTime")}</dt>
              <dd className="text-right font-medium">{timeText(t, tool.guaranteedTime)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{t("successRate")}</dt>
              <dd className="text-right font-medium">{successText(t, tool.successRatio)}</dd>
            </div>
          </dl>
          <PriceBreakdown
            pricing={{
              currency: tool.price.currency,
              amountMinor: tool.price.amountMinor,
              serviceFeeMinor: tool.price.serviceFeeMinor,
              smsFeeMinor: 0,
              totalMinor: tool.price.totalMinor,
              exchange: tool.price.exchange,
            }}
            amountLabel={t("unlockService")}
          />
        </Card>
      </div>
    </UnlockShell>
  );
}
