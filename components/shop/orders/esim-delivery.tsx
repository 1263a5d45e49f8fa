import { AlertTriangle, Smartphone } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/client-messages";
import { Card, CardTitle } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button";
import type { RemainingData } from "@/lib/products/esim/remaining-data";
import { EsimCopyValue } from "./esim-copy-value";
import { EsimInstallSteps } from "./esim-install-steps";
import { EsimQr } from "./esim-qr";
import { EsimRemainingData } from "./esim-remaining-data";
import { esimInstall, esimPurchase } from "@/lib/products/esim/lines";
import type { DeviceKind } from "@/lib/http/device";

export type EsimDeliveryOrder = {
  id: string;
  ref: string;
  status: string;
  userId: string | null;
  fulfillment: unknown;
  detail: unknown;
};

/** Where the buyer reaches this eSIM's usage page: owners by the ICCID alone, guests with their order link. */
export function esimLinesHref(iccid: string, order: Pick<EsimDeliveryOrder, "ref" | "userId">): string {
  return `/esim/lines/${iccid}${order.userId ? "" : `?${new URLSearchParams({ order: order.ref })}`}`;
}

/**
 * The order page's delivery card for a fulfilled eSIM: the QR drawn from the activation code,
 * the values for manual entry with copy buttons, the iPhone one-tap link, install steps, the
 * ICCID, the "installs once" warning, and the remaining data (asked from the supplier at most
 * every five minutes: lib/products/esim/remaining-data.ts), which the page reads
 * (lib/products/esim/delivery.ts) and hands over: without it, no card. Nothing before fulfillment.
 * What to do first ("installLead") follows the device this page is open on (lib/http/device.ts).
 */
export async function EsimDelivery({
  order,
  usage,
  device,
}: {
  order: EsimDeliveryOrder;
  usage: RemainingData | null;
  device: DeviceKind;
}) {
  if (order.status !== "fulfilled" || !usage) return null;
  const install = esimInstall(order.fulfillment);
  const { activation } = install;
  if (!activation && !install.hostedQrUrl && !install.iccid) return null;
  const purchase = esimPurchase(order.detail);
  const t = await getTranslations("DeliveryEsim");
  const locale = await getLocale();

  return (
    <Card>
      <CardTitle id="delivery-heading" className="mb-4">
        {purchase.destinationName ? t("titleFor", { destination: purchase.destinationName }) : t("title")}
      </CardTitle>
      <div className="flex flex-col gap-6">
        <p className="flex gap-2 rounded-lg bg-warn-soft px-3 py-2 text-sm" data-testid="esim-install-once">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warn" aria-hidden="true" />
          <span>
            {t.rich("installOnce", { strong: (chunks) => <strong className="font-semibold">{chunks}</strong> })}
          </span>
        </p>

        <div
          className="flex flex-col items-center gap-5 sm:flex-row sm:items-start"
          data-testid="esim-install"
          data-device={device}
        >
          <EsimQr
            lpa={activation?.lpa ?? null}
            fileUrl={activation || install.hostedQrUrl ? `/orders/${order.ref}/files/esim-qr.png` : null}
          />
          <div className="flex w-full min-w-0 flex-col gap-3">
            <p className="text-sm text-muted" data-testid="esim-install-lead">
              {t(`installLead.${device}`)}
            </p>
            {device === "ios" && install.iphoneInstallUrl ? (
              <>
                <a
                  href={install.iphoneInstallUrl}
                  className={buttonClasses("primary", "md", "w-full sm:w-auto sm:self-start")}
                  data-testid="esim-iphone-install"
                >
                  <Smartphone className="size-4" aria-hidden="true" />
                  {t("installOnIphone")}
                </a>
                <p className="text-xs text-muted">{t("oneTapNote")}</p>
              </>
            ) : null}
          </div>
        </div>

        {activation || install.iccid ? (
          <section aria-labelledby="manual-heading" className="flex flex-col gap-3">
            <h3 id="manual-heading" className="font-semibold">
              {t("manualHeading")}
            </h3>
            {/* The words of the copy buttons (client components). */}
            <ClientMessages locale={locale} namespaces={["DeliveryEsimCopy"]}>
              <dl className="flex flex-col gap-3">
                {activation ? (
                  <>
                    <EsimCopyValue id="esim-lpa" label={t("lpa")} value={activation.lpa} testId="esim-lpa" />
                    <EsimCopyValue id="esim-smdp" label={t("smdp")} value={activation.smdpAddress} testId="esim-smdp" />
                    <EsimCopyValue
                      id="esim-matching-id"
                      label={t("matchingId")}
                      value={activation.matchingId}
                      testId="esim-matching-id"
                    />
                  </>
                ) : null}
                {install.iccid ? (
                  <EsimCopyValue id="esim-iccid" label={t("iccid")} value={install.iccid} testId="esim-iccid" />
                ) : null}
              </dl>
            </ClientMessages>
            {activation?.confirmationCodeRequired ? (
              <p className="text-sm text-muted">{t("confirmationCode")}</p>
            ) : null}
          </section>
        ) : null}

        <section aria-labelledby="install-heading" className="flex flex-col gap-3">
          <h3 id="install-heading" className="font-semibold">
            {t("installHeading")}
          </h3>
          <EsimInstallSteps confirmationCodeRequired={activation?.confirmationCodeRequired ?? false} device={device} />
        </section>

        <div className="border-t border-border pt-5">
          <EsimRemainingData
            usage={usage.usage}
            planGb={purchase.unlimited ? null : purchase.dataGb}
            failed={usage.failed}
            linesHref={install.iccid ? esimLinesHref(install.iccid, order) : undefined}
          />
        </div>
      </div>
    </Card>
  );
}
