import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Link } from "@/lib/i18n/navigation";

// The frame of the shop's help and policy pages (/faq, /contact, /terms, /privacy, /refunds):
// a title, a short lead, sections of plain prose, and links to the other pages.

export const INFO_PAGES = [
  { href: "/faq", key: "faq" },
  { href: "/refunds", key: "refunds" },
  { href: "/contact", key: "contact" },
  { href: "/terms", key: "terms" },
  { href: "/privacy", key: "privacy" },
] as const;

export function InfoPage({
  title,
  lead,
  updated,
  children,
}: {
  title: string;
  lead: ReactNode;
  updated?: string;
  children: ReactNode;
}) {
  const t = useTranslations("InfoPages");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted">{lead}</p>
      {updated ? <p className="mt-2 text-xs text-muted">{t("updated", { date: updated })}</p> : null}
      <div className="mt-8 flex flex-col gap-8">{children}</div>
      <nav aria-label={t("nav")} className="mt-12 border-t border-border pt-6">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {INFO_PAGES.map((page) => (
            <li key={page.href}>
              <Link
                href={page.href}
                prefetch={false}
                className="font-medium text-brand underline-offset-4 hover:underline"
              >
                {t(page.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

export function InfoSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-heading` : undefined}
      className="flex flex-col gap-3 text-[0.95rem] leading-relaxed"
    >
      <h2 id={id ? `${id}-heading` : undefined} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function InfoList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
