import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { PRODUCTS, SHOP_NAME } from "@/lib/products";
import { INFO_PAGES } from "./info/info-page";

export async function SiteFooter({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Frame" });
  const products = await getTranslations({ locale, namespace: "Products" });
  const info = await getTranslations({ locale, namespace: "InfoPages" });
  return (
    <footer className="mt-16 border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-semibold">{SHOP_NAME}</p>
          <p className="mt-2 text-sm text-muted">{t("tagline")}</p>
        </div>
        <nav aria-label={t("footerProducts")}>
          <p className="text-sm font-semibold">{t("productsNav")}</p>
          <ul className="mt-2 space-y-1.5 text-sm text-muted">
            {PRODUCTS.map((p) => (
              <li key={p.type}>
                <Link href={p.href} className="hover:text-fg">
                  {products(`${p.type}.name`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t("help")}>
          <p className="text-sm font-semibold">{t("help")}</p>
          <ul className="mt-2 space-y-1.5 text-sm text-muted">
            <li>
              <Link href="/account" prefetch={false} className="hover:text-fg">
                {t("orderHistory")}
              </Link>
            </li>
            {INFO_PAGES.map((page) => (
              <li key={page.href}>
                <Link href={page.href} prefetch={false} className="hover:text-fg">
                  {info(page.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted">
        © {new Date().getUTCFullYear()} {SHOP_NAME}
      </p>
    </footer>
  );
}
