import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { payForUnlockAction } from "../../../../../actions";
import { idParam, loadSelection } from "@/lib/products/unlock/catalog";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogError } from "@/components/shop/giftcards/catalog-notice";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import { DeviceImage } from "@/components/shop/unlock/device-image";
import { guaranteedTimeText, successPercent } from "@/lib/products/unlock/text";
import { UnlockOrderForm } from "@/components/shop/unlock/unlock-order-form";
import { UnlockShell } from "@/components/shop/unlock/unlock-shell";
import { Card, CardTitle } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/guards";
import { formatMoney } from "@/lib/money";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Your IMEI and payment" };
export const dynamic = "force-dynamic";

type Params = { locale: string; brand: string; device: string; country: string; network: string; tool: string };

/**
 * Step 4: checklist, IMEI (+ the service's extra codes), email and pay. No submission id in the
 * URL or the page: the pay action derives it from this browser's submitter cookie and what is
 * ordered (lib/orders/submitter.ts), so a reload or a second click of Pay reaches one order.
 */
export default async function UnlockOrderPage({ params }: { params: Promise<Params> }) {
  await enterLocale(params);
  const raw = await params;
  const toolId = idParam(raw.tool);
  if (toolId === null) notFound();
  const base = `/unlock/${raw.brand}/${raw.device}/${raw.country}/${raw.network}`;

  const loaded = await loadSelection(raw);
  if (!loaded.ok) {
    return (
      <UnlockShell step={4}>
        <h1 className="text-3xl font-bold tracking-tight">Your IMEI and payment</h1>
        <CatalogError message={loaded.error} retryHref={`${base}/${toolId}`} backHref={base} backText="Unlock services" />
      </UnlockShell>
    );
  }
  const tool = loaded.value?.tools.find((t) => t.id === toolId);
  if (!loaded.value || !tool) notFound();
  const { device, country, network } = loaded.value;
  const user = await getCurrentUser();
  const totalText = formatMoney(tool.price.totalMinor, tool.price.currency);

  return (
    <UnlockShell step={4}>
      <Breadcrumbs
        items={[
          { label: "Device unlock", href: "/unlock" },
          { label: `${device.brandName} ${device.name}`, href: `/unlock/${device.brandId}/${device.id}?country=${country.id}` },
          { label: network.name, href: base },
          { label: tool.serviceName || tool.name },
        ]}
      />
      <h1 className="text-3xl font-bold tracking-tight">Your IMEI and payment</h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="order-2 lg:order-1">
          <UnlockOrderForm
            action={payForUnlockAction}
            fields={{ brand: device.brandId, device: device.id, country: country.id, network: network.id, tool: tool.id, expectedTotalMinor: tool.price.totalMinor }}
            needs={tool.needs}
            networkText={`${network.name} (${country.name})`}
            totalText={totalText}
            defaultEmail={user?.email}
            signedIn={!!user}
          />
        </Card>
        <Card className="order-1 flex flex-col gap-4 self-start lg:order-2">
          <CardTitle>Your order</CardTitle>
          <div className="flex items-center gap-3">
            <DeviceImage url={device.imageUrl} name={`${device.brandName} ${device.name}`} className="h-16 w-14 shrink-0 border border-border" />
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
              <dt className="text-muted">Service</dt>
              <dd className="text-right font-medium">{tool.serviceName || tool.name}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted">Guaranteed time</dt>
              <dd className="text-right font-medium">{guaranteedTimeText(tool.guaranteedTime)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted">Success rate</dt>
              <dd className="text-right font-medium">{successPercent(tool.successRatio)}</dd>
            </div>
          </dl>
          <PriceBreakdown pricing={{ currency: tool.price.currency, amountMinor: tool.price.amountMinor, serviceFeeMinor: tool.price.serviceFeeMinor, smsFeeMinor: 0, totalMinor: tool.price.totalMinor }} amountLabel="Unlock service" />
        </Card>
      </div>
    </UnlockShell>
  );
}
