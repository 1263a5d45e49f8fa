import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";

/**
 * Where the page sits in the catalog; the last crumb is the current page. A crumb with a query
 * (the unlock device's `?country=`) is not prefetched: a page with a query is rendered per
 * request, not served from the page cache (lib/http/cached-pages.ts), so prefetching it would
 * cost a full rendering on every view of the page below it.
 */
export function Breadcrumbs({ items }: { items: Array<{ label: string; href?: string }> }) {
  const t = useTranslations("GiftcardCatalog");
  return (
    <nav aria-label={t("breadcrumb")}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
        {items.map((item, index) => (
          <li key={item.label} className="flex items-center gap-2">
            {item.href ? (
              <Link
                href={item.href}
                prefetch={item.href.includes("?") ? false : undefined}
                className="font-medium text-brand underline-offset-4 hover:underline"
              >
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="text-fg">
                {item.label}
              </span>
            )}
            {index < items.length - 1 ? <span aria-hidden="true">›</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
