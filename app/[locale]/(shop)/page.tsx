import { ArrowRight, BadgeCheck, Clock, ShieldCheck } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { ProductIcon } from "@/components/shop/product-icon";
import { ButtonLink } from "@/components/ui/button";
import { pageLocale } from "@/lib/i18n/locale-param";
import { Link } from "@/lib/i18n/navigation";
import { PRODUCTS } from "@/lib/products";
import { productsAvailability } from "@/lib/products/availability";
import { catalogClaims, type CatalogClaims } from "@/lib/products/catalog-claims";
import { PRODUCT_VIEWS } from "@/lib/products/views";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";

const PROMISES = [
  { icon: Clock, title: "promiseFastTitle", text: "promiseFastText" },
  { icon: ShieldCheck, title: "promiseOnceTitle", text: "promiseOnceText" },
  { icon: BadgeCheck, title: "promisePricesTitle", text: "promisePricesText" },
] as const;

type HomeT = Awaited<ReturnType<typeof getTranslations<"Home">>>;

/** What the catalog holds for a product, in words ("Operators in 42 countries"): the product's view says which. */
function claimText(t: HomeT, type: ProductType, claims: CatalogClaims): string | null {
  const claim = PRODUCT_VIEWS[type].claim(claims);
  return claim ? t(claim.key, claim.values) : null;
}

export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Home" });
  const products = await getTranslations({ locale, namespace: "Products" });
  const [claims, availability, unavailable] = await Promise.all([
    catalogClaims(),
    productsAvailability(),
    getTranslations({ locale, namespace: "ProductUnavailable" }),
  ]);
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-brand-soft to-bg">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <p className="text-sm font-semibold text-brand">{t("kicker")}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{t("title")}</h1>
          <p className="mt-5 max-w-2xl text-lg text-muted">{t("lead")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink href="/topup" size="lg">
              {t("topUp")}
              <ArrowRight className="size-4" aria-hidden="true" />
            </ButtonLink>
            <ButtonLink href="/esim" size="lg" variant="secondary">
              {t("browseEsims")}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="products-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="products-heading" className="text-2xl font-semibold tracking-tight">
          {t("productsHeading")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PRODUCTS.map((p) => {
            const claim = claimText(t, p.type, claims);
            const onSale = availability[p.type].available;
            return (
              <li key={p.type}>
                <Link
                  href={p.href}
                  className="group flex h-full flex-col rounded-xl border border-border bg-surface p-6 shadow-sm transition hover:border-brand hover:shadow-md"
                >
                  <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-soft text-brand">
                    <ProductIcon type={p.type} className="size-5" />
                  </span>
                  <span className="mt-4 text-lg font-semibold">{products(`${p.type}.name`)}</span>
                  <span className="text-sm font-medium text-brand">{products(`${p.type}.tagline`)}</span>
                  {claim ? (
                    <span className="text-xs text-muted" data-testid={`claim-${p.type}`}>
                      {claim}
                    </span>
                  ) : null}
                  <span className="mt-2 flex-1 text-sm text-muted">{products(`${p.type}.description`)}</span>
                  {onSale ? (
                    <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium group-hover:text-brand">
                      {t("getStarted")}{" "}
                      <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
                    </span>
                  ) : (
                    // Its page says the same; the card must not promise what cannot be bought.
                    <span
                      className="mt-4 text-sm font-medium text-danger"
                      data-testid={`unavailable-${p.type}`}
                      data-page-cache="short"
                    >
                      {unavailable("badge")}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="promises-heading" className="mx-auto max-w-6xl px-4">
        <h2 id="promises-heading" className="sr-only">
          {t("promisesHeading")}
        </h2>
        <ul className="grid gap-6 rounded-xl border border-border bg-surface p-8 sm:grid-cols-3">
          {PROMISES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <Icon className="mt-0.5 size-6 shrink-0 text-ok" aria-hidden="true" />
              <div>
                <p className="font-semibold">{t(title)}</p>
                <p className="mt-1 text-sm text-muted">{t(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
