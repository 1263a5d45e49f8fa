import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import type { CatalogAge } from "@/lib/catalog/age";

// Shared by the gift card, eSIM and unlock pages (server components): worded in the page's
// language from the "GiftcardCatalog" messages.

type CatalogT = ReturnType<typeof useTranslations<"GiftcardCatalog">>;

function ageText(t: CatalogT, ageMs: number): string {
  const minutes = Math.max(1, Math.round(ageMs / 60_000));
  if (minutes < 120) return t("minutes", { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return t("hours", { count: hours });
  return t("days", { count: Math.round(hours / 24) });
}

/** The catalog shown is an old copy: say how old, and that the price is confirmed before paying. */
export function CatalogAgeNotice({ age }: { age: CatalogAge }) {
  const t = useTranslations("GiftcardCatalog");
  if (!age) return null;
  return (
    <p className="rounded-lg bg-warn-soft px-3 py-2 text-sm" data-testid="catalog-age" data-page-cache="short">
      {t("ageNotice", { age: ageText(t, age.ageMs), failed: age.refreshFailed ? "yes" : "no" })}
    </p>
  );
}

/** Nothing to show: the supplier could not be reached and nothing is cached. */
export function CatalogError({
  message,
  retryHref,
  backHref,
  backText,
}: {
  message: string;
  retryHref: string;
  backHref?: string;
  backText?: string;
}) {
  const t = useTranslations("GiftcardCatalog");
  return (
    <div
      role="alert"
      className="rounded-xl border border-border bg-surface px-5 py-4 text-sm"
      data-testid="catalog-error"
      data-page-cache="short"
    >
      <p className="font-medium text-danger">{message}</p>
      <p className="mt-1 text-muted">{t("errorHelp")}</p>
      <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
        <Link href={retryHref} className="font-medium text-brand underline-offset-4 hover:underline">
          {t("tryAgain")}
        </Link>
        {backHref ? (
          <Link href={backHref} className="font-medium text-brand underline-offset-4 hover:underline">
            {backText ?? t("back")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** An empty list: what is missing and where to go instead. */
export function EmptyState({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div
      className="rounded-xl border border-dashed border-border bg-surface px-5 py-8 text-center"
      data-testid="empty-state"
    >
      <p className="font-semibold">{title}</p>
      <div className="mt-2 text-sm text-muted">{children}</div>
    </div>
  );
}
