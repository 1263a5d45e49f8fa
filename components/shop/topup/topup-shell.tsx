import { ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import type { ReactNode } from "react";

/** The top-up pages' frame: one column, phone first, roomier from tablets up. */
export function TopupShell({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-12">{children}</div>;
}

export type Crumb = { label: string; href?: string };

/** Where this page sits: Top-up › Country › Operator (the last one is this page). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useTranslations("Topup");
  return (
    <nav aria-label={t("breadcrumb")}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted">
        {items.map((item, index) => (
          <li key={item.label} className="flex items-center gap-1">
            {index > 0 ? <ChevronRight className="size-3.5" aria-hidden="true" /> : null}
            {item.href ? (
              <Link href={item.href} className="underline-offset-4 hover:text-fg hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-fg">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
