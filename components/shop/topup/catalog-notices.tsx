import { AlertTriangle, Clock } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { localizedPath } from "@/lib/i18n/locale-routing.mjs";
import { Link } from "@/lib/i18n/navigation";

// The catalog's two honest states besides "fresh": data served from an older copy (with its
// age), and nothing to show because the upstream cannot be reached (with a way to retry).

type TopupT = ReturnType<typeof useTranslations<"Topup">>;

function ageText(t: TopupT, ageMs: number): string {
  const minutes = Math.max(1, Math.round(ageMs / 60_000));
  if (minutes < 120) return t("age.minutes", { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return t("age.hours", { count: hours });
  return t("age.days", { count: Math.round(hours / 24) });
}

/** `what` is stale: the prices (an operator's rates), or a country's operators and prices. */
export function StaleNotice({ ageMs, what = "prices" }: { ageMs: number; what?: "prices" | "operators" }) {
  const t = useTranslations("Topup");
  return (
    <p
      className="flex items-start gap-2 rounded-lg bg-warn-soft px-3 py-2 text-sm"
      data-testid="stale-notice"
      data-page-cache="short"
    >
      <Clock className="mt-0.5 size-4 shrink-0 text-warn" aria-hidden="true" />
      <span>{t(`stale.${what}`, { age: ageText(t, ageMs) })}</span>
    </p>
  );
}

/** Nothing cached and the upstream down: say so, and offer the same page again. */
export function CatalogError({
  title,
  message,
  retryHref,
  backHref,
  backLabel,
}: {
  title: string;
  message: string;
  retryHref: string;
  backHref?: string;
  backLabel?: string;
}) {
  const t = useTranslations("Topup");
  const locale = useLocale();
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface px-5 py-5"
      data-testid="catalog-error"
      data-page-cache="short"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-5 shrink-0 text-danger" aria-hidden="true" />
        {title}
      </p>
      <p className="text-sm text-muted">{message}</p>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
        {/* A plain link (the page loaded again), in the page's language. */}
        <a href={localizedPath(retryHref, locale)} className="text-brand underline-offset-4 hover:underline">
          {t("tryAgain")}
        </a>
        {backHref ? (
          <Link href={backHref} className="text-brand underline-offset-4 hover:underline">
            {backLabel ?? t("back")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
