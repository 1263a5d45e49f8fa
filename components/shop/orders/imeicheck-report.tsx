import { FileText } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { catalogImageUrl } from "@/lib/catalog/images";
import { DeviceImage } from "@/components/shop/unlock/device-image";
import { readImeiCheck, safeWebUrl, type ImeiCheckView } from "@/lib/products/imeicheck/lines";

// The IMEI check result on the order page (spec section 2, "IMEI check result"): device data,
// recognition errors (reported in res.error even though the envelope says OK), the blacklist
// status, the black and white lists with what each network status means, the history, the
// PDF report, the free/paid state and the supplier's extra buttons.

// The supplier's network statuses, with their words in the catalogs ("networkStatus.0.label"…).
const NETWORK_STATUS_TONE: Record<number, "danger" | "ok" | "warn"> = { 0: "danger", 1: "ok", 2: "warn" };

type ListEntry = NonNullable<NonNullable<ImeiCheckView["report"]>>["blackList"][number];

function NetworkLists({
  title,
  id,
  entries,
  empty,
}: {
  title: string;
  id: string;
  entries: ListEntry[];
  empty: string;
}) {
  const t = useTranslations("DeliveryImeiCheck");
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {entries.map((entry) => (
            <li key={entry.country} className="text-sm">
              <p className="font-medium">{entry.country}</p>
              <ul className="mt-1 flex flex-col gap-1">
                {entry.networks.map((network) => {
                  const tone = NETWORK_STATUS_TONE[network.status];
                  const known = network.status as 0 | 1 | 2;
                  const status = tone
                    ? { label: t(`networkStatus.${known}.label`), meaning: t(`networkStatus.${known}.meaning`), tone }
                    : {
                        label: t("unknownStatus", { status: network.status }),
                        meaning: t("unknownStatusMeaning"),
                        tone: "warn" as const,
                      };
                  return (
                    <li key={network.name} className="flex flex-wrap items-center justify-between gap-2">
                      <span>{network.name}</span>
                      <Badge tone={status.tone} title={status.meaning}>
                        {status.label}
                        <span className="sr-only">: {status.meaning}</span>
                      </Badge>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The IMEI report on the order page. The supplier's own links (its PDF, its buttons) are never
 * shown: the PDF is served from the shop's address (app/(shop)/orders/[ref]/files), and a report
 * sold separately is offered by the shop (`fullReportOffer`, lib/products/imeicheck/full-report-offer.ts).
 */
export function ImeiCheckReport({
  fulfillment,
  orderRef,
  fullReportOffer,
}: {
  fulfillment: unknown;
  orderRef: string;
  fullReportOffer?: ReactNode;
}) {
  const t = useTranslations("DeliveryImeiCheck");
  const result = readImeiCheck(fulfillment);
  if (!result) return null;
  const { device, errors, report, payment } = result;
  const paid = payment?.type === "P";
  const name = [device?.brandName, device?.marketingName || device?.modelName].filter(Boolean).join(" ");
  const reportUrl = report?.reportUrl && safeWebUrl(report.reportUrl) ? `/orders/${orderRef}/files/report.pdf` : null;

  return (
    <Card data-testid="imeicheck-report">
      <CardTitle id="imeicheck-heading" className="mb-4">
        {t("title")}
      </CardTitle>
      <div className="flex flex-col gap-6">
        <div className="flex items-start gap-4">
          <DeviceImage
            url={catalogImageUrl(device?.img)}
            name={name || t("device")}
            className="h-24 w-20 shrink-0 border border-border"
          />
          <dl
            className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm"
            data-testid="imeicheck-device"
          >
            <dt className="text-muted">{t("device")}</dt>
            <dd className="font-medium">{name || t("notIdentified")}</dd>
            {device?.modelName && device.modelName !== device.marketingName ? (
              <>
                <dt className="text-muted">{t("model")}</dt>
                <dd>{device.modelName}</dd>
              </>
            ) : null}
            {device?.deviceType ? (
              <>
                <dt className="text-muted">{t("type")}</dt>
                <dd>{device.deviceType}</dd>
              </>
            ) : null}
            <dt className="text-muted">{t("imei")}</dt>
            <dd className="font-mono">{device?.imei || "—"}</dd>
            {device?.tac ? (
              <>
                <dt className="text-muted">{t("tac")}</dt>
                <dd className="font-mono">{device.tac}</dd>
              </>
            ) : null}
            <dt className="text-muted">{t("report")}</dt>
            {/* What this order bought, in the shop's words: never the supplier's "free report" note about its own pricing. */}
            <dd>{report ? t("fullReport") : t("deviceDataOnly")}</dd>
          </dl>
        </div>

        {errors.length > 0 ? (
          <div role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-sm" data-testid="imeicheck-errors">
            <p className="font-semibold text-danger">{t("notRecognisedTitle")}</p>
            <ul className="mt-1 list-disc pl-5">
              {errors.map((e) => (
                <li key={e.code + e.txt}>
                  {e.txt || t("notRecognised")} {e.code ? <span className="text-muted">({e.code})</span> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {paid && !report ? (
          <div className="rounded-lg bg-warn-soft px-4 py-3 text-sm" data-testid="imeicheck-payment-required">
            <p className="font-semibold">{t("soldSeparatelyTitle")}</p>
            <p className="mt-1">{t("soldSeparately")}</p>
            {fullReportOffer}
          </div>
        ) : null}

        {report ? (
          <>
            <div data-testid="imeicheck-blacklist" data-blacklisted={report.blacklisted ? "true" : "false"}>
              {report.blacklisted ? (
                <p className="rounded-lg border border-danger bg-danger-soft px-4 py-3 text-danger">
                  <strong className="block text-base">{t("blacklisted")}</strong>
                  <span className="text-sm">{t("blacklistedNote")}</span>
                </p>
              ) : (
                <p className="rounded-lg border border-ok bg-ok-soft px-4 py-3 text-ok">
                  <strong className="block text-base">{t("clean")}</strong>
                  <span className="text-sm">{t("cleanNote")}</span>
                </p>
              )}
            </div>
            <div className="grid gap-6 md:grid-cols-2">
              <NetworkLists
                title={t("blackList")}
                id="black-list-heading"
                entries={report.blackList}
                empty={t("blackListEmpty")}
              />
              <NetworkLists
                title={t("whiteList")}
                id="white-list-heading"
                entries={report.whiteList}
                empty={t("whiteListEmpty")}
              />
            </div>
            <p className="text-xs text-muted">{t("legend")}</p>
            <section aria-labelledby="history-heading" className="flex flex-col gap-2">
              <h3 id="history-heading" className="text-sm font-semibold">
                {t("history")}
              </h3>
              {report.history.length === 0 ? (
                <p className="text-sm text-muted">{t("noHistory")}</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm" data-testid="imeicheck-history">
                    <thead className="text-xs text-muted">
                      <tr>
                        <th scope="col" className="py-1 pr-3 font-medium">
                          {t("date")}
                        </th>
                        <th scope="col" className="py-1 pr-3 font-medium">
                          {t("event")}
                        </th>
                        <th scope="col" className="py-1 pr-3 font-medium">
                          {t("network")}
                        </th>
                        <th scope="col" className="py-1 font-medium">
                          {t("country")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {report.history.slice(0, 10).map((h, i) => (
                        <tr key={i} className="border-t border-border">
                          <td className="py-1.5 pr-3 whitespace-nowrap">{h.date}</td>
                          <td className="py-1.5 pr-3">{h.action}</td>
                          <td className="py-1.5 pr-3">{h.by}</td>
                          <td className="py-1.5">{h.country}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
            {reportUrl ? (
              <a
                href={reportUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 self-start font-medium text-brand underline underline-offset-4"
              >
                <FileText className="size-4" aria-hidden="true" />
                {t("pdf")}
                <span className="sr-only">{t("newTab")}</span>
              </a>
            ) : null}
          </>
        ) : null}
      </div>
    </Card>
  );
}
