import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import { LANGUAGE_NAMES } from "@/lib/i18n/language-names";
import { LOCALES, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { PRODUCTS, SHOP_NAME } from "@/lib/products";
import { LanguageSwitcher } from "./language-switcher";
import { CurrencySwitcher } from "./currency-switcher";
import { SHOP_CURRENCIES, type ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import { PhoneMenu } from "./phone-menu";
import { ProductIcon } from "./product-icon";
import { ThemeToggle } from "./theme-toggle";

export async function SiteHeader({ locale, currency }: { locale: Locale; currency: ShopCurrency }) {
  const t = await getTranslations({ locale, namespace: "Frame" });
  const products = await getTranslations({ locale, namespace: "Products" });
  const otherLocale = LOCALES.find((l) => l !== locale)!;
  const otherCurrency = SHOP_CURRENCIES.find((c) => c !== currency)!;
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/90 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <span
            aria-hidden="true"
            className="inline-flex size-8 items-center justify-center rounded-lg bg-brand text-brand-fg"
          >
            R
          </span>
          {SHOP_NAME}
        </Link>
        <nav aria-label={t("productsNav")} className="hidden flex-1 xl:block">
          <ul className="flex items-center gap-1">
            {PRODUCTS.map((p) => (
              <li key={p.type}>
                {/* One line each, in either language: the icons only where there is room for them. */}
                <Link
                  href={p.href}
                  className="flex items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap text-muted hover:bg-surface-muted hover:text-fg"
                >
                  <ProductIcon type={p.type} className="hidden size-4 2xl:block" />
                  {products(`${p.type}.name`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {/* Rendered per request (it shows who is signed in): not prefetched on every catalog view. */}
          <Link
            href="/account"
            prefetch={false}
            className="rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-surface-muted hover:text-fg"
          >
            {t("account")}
          </Link>
          <LanguageSwitcher
            other={otherLocale}
            title={t("switchLanguage", { language: LANGUAGE_NAMES[otherLocale].name })}
          />
          <CurrencySwitcher other={otherCurrency} title={t(`switchCurrency.${otherCurrency}`)} />
          <ThemeToggle label={t("themeToggle")} />
          <PhoneMenu label={t("menu")} navLabel={t("productsNav")}>
            <ul>
              {PRODUCTS.map((p) => (
                <li key={p.type}>
                  <Link
                    href={p.href}
                    className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-surface-muted"
                  >
                    <ProductIcon type={p.type} className="size-4 text-brand" />
                    {products(`${p.type}.name`)}
                  </Link>
                </li>
              ))}
            </ul>
          </PhoneMenu>
        </div>
      </div>
    </header>
  );
}
