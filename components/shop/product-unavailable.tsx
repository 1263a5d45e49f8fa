import { getTranslations } from "next-intl/server";
import type { ReactElement } from "react";
import { ButtonLink } from "@/components/ui/button";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { productAvailability } from "@/lib/products/availability";

/**
 * What a product's pages show instead of themselves while it cannot be bought (switched off by
 * staff, or not set up: lib/products/availability.ts): a notice and no form, so no buyer starts
 * a purchase the checkout would refuse. Null when the product is on sale. Kept briefly in the
 * page cache (data-page-cache="short", lib/page-cache/handler.mjs) besides the settings watch.
 */
export async function unavailableProductPage(product: ProductType, locale: Locale): Promise<ReactElement | null> {
  if ((await productAvailability(product)).available) return null;
  const [t, products] = await Promise.all([
    getTranslations({ locale, namespace: "ProductUnavailable" }),
    getTranslations({ locale, namespace: "Products" }),
  ]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-12">
      <section
        aria-labelledby="product-unavailable-heading"
        className="rounded-xl border border-border bg-surface px-5 py-6"
        data-testid="product-unavailable"
        data-page-cache="short"
      >
        <h1 id="product-unavailable-heading" className="text-2xl font-bold tracking-tight">
          {t("title", { product: products(`${product}.name`) })}
        </h1>
        <p className="mt-2 text-muted">{t("body")}</p>
        <div className="mt-4">
          <ButtonLink href="/">{t("otherProducts")}</ButtonLink>
        </div>
      </section>
    </div>
  );
}
