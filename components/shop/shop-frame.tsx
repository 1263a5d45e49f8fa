import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import type { ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The storefront's page frame, the same for cached catalog pages and per-request pages. */
export function ShopFrame({
  locale,
  currency,
  children,
}: {
  locale: Locale;
  currency: ShopCurrency;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader locale={locale} currency={currency} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter locale={locale} />
    </div>
  );
}
