import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { ShopFrame } from "@/components/shop/shop-frame";
import { editionCurrency } from "@/lib/i18n/currency-routing.mjs";
import { pageLocale } from "@/lib/i18n/locale-param";

/** Rendered on first request, never by `next build` (which has no catalog to show). */
export function generateStaticParams(): { edition: string }[] {
  return [];
}

/**
 * The same frame as app/[locale]/(shop), but nothing here reads the request, so each page is
 * rendered once per data lifetime, language and currency: the edition is the currency the twin
 * prices in (lib/http/cached-pages.ts: /cached/eur, /cached/usd).
 */
export default async function EditionLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string; edition: string }>;
}) {
  const locale = await pageLocale(params);
  const currency = editionCurrency((await params).edition);
  if (!currency) notFound();
  return (
    <ShopFrame locale={locale} currency={currency}>
      {children}
    </ShopFrame>
  );
}
