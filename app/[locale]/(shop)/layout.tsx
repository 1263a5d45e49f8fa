import { connection } from "next/server";
import type { ReactNode } from "react";
import { ShopFrame } from "@/components/shop/shop-frame";
import { pageLocale } from "@/lib/i18n/locale-param";
import { requestCurrency } from "@/lib/i18n/page-currency";

// Pages here are rendered per request (with the CSP nonce proxy.ts gives them). Catalog pages
// seen by anonymous visitors without a query are served by their cached twins instead
// (app/[locale]/(catalog-cache), lib/http/cached-pages.ts).
export default async function ShopLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const locale = await pageLocale(params);
  await connection();
  return (
    <ShopFrame locale={locale} currency={await requestCurrency()}>
      {children}
    </ShopFrame>
  );
}
