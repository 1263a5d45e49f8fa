import type { ReactNode } from "react";
import { ShopFrame } from "@/components/shop/shop-frame";
import { pageLocale } from "@/lib/i18n/locale-param";

// The cached twins of the catalog pages (lib/http/cached-pages.ts): the same frame as
// app/[locale]/(shop), but nothing here reads the request, so each page is rendered once per
// data lifetime and language.
export default async function CatalogCacheLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  return <ShopFrame locale={locale}>{children}</ShopFrame>;
}
