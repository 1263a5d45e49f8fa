import { useLocale, useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { formatGb } from "@/lib/products/esim/format";
import { LocalTime } from "@/components/ui/local-time";
import type { EsimUsage } from "@/lib/products/esim/usage";

/** The supplier's line statuses with words in the catalogs ("lineStatus"); others are shown as they come. */
const LINE_STATUSES = ["ready", "active", "depleted", "expired"] as const;
const isLineStatus = (status: string): status is (typeof LINE_STATUSES)[number] =>
  (LINE_STATUSES as readonly string[]).includes(status);

/** "2.5" in English, "2,5" in Spanish: the shop's GB figure with the language's decimal mark. */
function gbText(gb: number, locale: Locale): string {
  const text = formatGb(gb);
  return locale === "en" ? text : text.replace(".", ",");
}

/**
 * Remaining data with when the supplier checked it. The supplier refreshes it at most every
 * five minutes, and so does the shop: the note says so, so nobody reloads expecting a change.
 */
export function EsimRemainingData({
  usage,
  planGb,
  failed,
  linesHref,
  headingLevel = "h3",
}: {
  usage: EsimUsage | null;
  planGb: number | null;
  failed: boolean;
  linesHref?: string;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const t = useTranslations("DeliveryEsimUsage");
  const locale = useLocale();
  return (
    <section aria-labelledby="remaining-heading" className="flex flex-col gap-2" data-testid="esim-remaining">
      <Heading id="remaining-heading" className="font-semibold">
        {t("heading")}
      </Heading>
      {usage ? (
        <>
          <p className="text-2xl font-bold" data-testid="esim-remaining-amount">
            {usage.unlimited
              ? t("unlimited")
              : usage.remainingGb !== null
                ? `${gbText(usage.remainingGb, locale)} GB`
                : t("notReported")}
            {!usage.unlimited && planGb !== null && usage.remainingGb !== null ? (
              <span className="text-base font-normal text-muted">
                {" "}
                {t("ofPlan", { total: gbText(planGb, locale) })}
              </span>
            ) : null}
          </p>
          {usage.unlimited ? <p className="text-sm text-muted">{t("fairUse")}</p> : null}
          <dl className="grid gap-1 text-sm">
            {usage.lineStatus ? (
              <div className="flex gap-2">
                <dt className="text-muted">{t("status")}</dt>
                <dd>{isLineStatus(usage.lineStatus) ? t(`lineStatus.${usage.lineStatus}`) : usage.lineStatus}</dd>
              </div>
            ) : null}
            {usage.activated === false ? (
              <div className="flex gap-2">
                <dt className="text-muted">{t("validity")}</dt>
                <dd>{t("validityNotStarted")}</dd>
              </div>
            ) : usage.daysLeft !== null ? (
              <div className="flex gap-2">
                <dt className="text-muted">{t("daysLeft")}</dt>
                <dd>{usage.daysLeft}</dd>
              </div>
            ) : null}
            {usage.expiresAt ? (
              <div className="flex gap-2">
                <dt className="text-muted">{t("ends")}</dt>
                <dd>
                  <LocalTime iso={usage.expiresAt} />
                </dd>
              </div>
            ) : null}
            {usage.checkedAt ? (
              <div className="flex gap-2" data-testid="esim-checked-at">
                <dt className="text-muted">{t("checkedAt")}</dt>
                <dd>
                  <LocalTime iso={usage.checkedAt} />
                </dd>
              </div>
            ) : null}
          </dl>
        </>
      ) : (
        <p className="text-sm text-muted">{t("noUsage")}</p>
      )}
      <p className="text-xs text-muted">
        {failed ? `${t("unreachable")} ` : null}
        {t("updates")}
        {linesHref ? (
          <>
            {" "}
            <Link href={linesHref} className="font-medium text-brand underline-offset-4 hover:underline">
              {t("linesLink")}
            </Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
