import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import { notFound } from "next/navigation";
import { payForGiftcardAction } from "../../actions";
import { loadBrandOffer, loadGiftcardQuote } from "@/lib/products/giftcard/catalog";
import { GiftcardShell, failureText, first, type Search } from "../../shell";
import { BrandHeader, RedemptionInstructions } from "@/components/shop/giftcards/brand-info";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogAgeNotice, CatalogError, EmptyState } from "@/components/shop/giftcards/catalog-notice";
import { countryNameOf } from "@/lib/products/giftcard/country";
import { DenominationStep } from "@/components/shop/giftcards/denomination-step";
import { GiftcardReviewStep } from "@/components/shop/giftcards/review-step";
import { GiftcardSteps } from "@/components/shop/giftcards/step-progress";
import { getCurrentUser } from "@/lib/auth/guards";
import { pageLocale } from "@/lib/i18n/locale-param";
import { pageCurrency } from "@/lib/i18n/page-currency";
import { localizedPath } from "@/lib/i18n/locale-routing.mjs";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

export const dynamic = "force-dynamic";

type Params = Promise<{ locale: string; edition?: string; country: string; brand: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Giftcard" });
  const { country, brand } = await params;
  const name = brand.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  const where = countryNameOf(country, locale);
  return { title: where ? t("brandTitle", { brand: name, country: where }) : t("giftCard") };
}

/**
 * /giftcards/[country]/[brand]: the brand, its card values, then the review, one step per URL
 * state (GET forms, so back/refresh/two tabs behave): ?denomination=<token> shows the review.
 * No submission id in the URL: the pay action derives it from this browser's submitter cookie
 * (lib/orders/submitter.ts), so a copied review link never reaches the buyer's order.
 */
export default async function GiftcardBrandPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Search>;
}) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("giftcard", locale);
  if (unavailable) return unavailable;
  const t = await getTranslations({ locale, namespace: "Giftcard" });
  const { country: rawCountry, brand: rawBrand } = await params;
  const search = await searchParams;
  const country = rawCountry.toLowerCase();
  const slug = decodeURIComponent(rawBrand).toLowerCase();
  if (!countryNameOf(country, locale) || !/^[a-z0-9-]{1,80}$/.test(slug)) notFound();
  if (country !== rawCountry || slug !== rawBrand) return redirectInLanguage(`/giftcards/${country}/${slug}`);
  const base = `/giftcards/${country}/${slug}`;

  const currency = await pageCurrency(params);
  const offer = await loadBrandOffer(country, slug, locale, currency);
  if (offer.ok === "not_found") notFound();
  if (offer.ok === "moved") return redirectInLanguage(`/giftcards/${country}/${offer.slug}`);
  if (!offer.ok) {
    return (
      <GiftcardShell>
        <Breadcrumbs
          items={[
            { label: t("giftCards"), href: "/giftcards" },
            { label: countryNameOf(country, locale) ?? country, href: `/giftcards/${country}` },
            { label: t("brandCrumb") },
          ]}
        />
        <h1 className="text-3xl font-bold tracking-tight">{t("giftCard")}</h1>
        <CatalogError
          message={failureText(t, offer)}
          retryHref={base}
          backHref={`/giftcards/${country}`}
          backText={t("otherBrands")}
        />
      </GiftcardShell>
    );
  }

  const { brand, denominations } = offer.value;
  const chosenToken = first(search.denomination);
  const choice = chosenToken ? denominations.find((d) => d.token === chosenToken) : undefined;

  let purchase: React.ReactNode;
  if (!choice) {
    purchase = (
      <section aria-labelledby="amount-heading" className="flex flex-col gap-4">
        <GiftcardSteps current={1} />
        <h2 id="amount-heading" className="text-xl font-semibold">
          {t("chooseAmount")}
        </h2>
        <CatalogAgeNotice age={offer.age} />
        {denominations.length === 0 ? (
          <EmptyState title={t("noValues")}>
            <p>
              {t.rich("noValuesHelp", {
                link: (chunks) => (
                  <Link
                    href={`/giftcards/${country}`}
                    className="font-medium text-brand underline-offset-4 hover:underline"
                  >
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          </EmptyState>
        ) : (
          <DenominationStep
            action={localizedPath(base, locale)}
            denominations={denominations}
            selected={first(search.pick)}
            error={chosenToken ? t("valueGone") : undefined}
          />
        )}
      </section>
    );
  } else {
    const [user, quote] = await Promise.all([
      getCurrentUser(),
      loadGiftcardQuote(choice.token, { currency, exchange: choice.exchange }),
    ]);
    const changeHref = `${base}?${new URLSearchParams({ pick: choice.token })}`;
    purchase = (
      <section aria-labelledby="review-title" className="flex flex-col gap-4">
        <GiftcardSteps current={2} />
        <h2 id="review-title" className="text-xl font-semibold">
          {t("reviewAndPay")}
        </h2>
        {quote.ok ? (
          <GiftcardReviewStep
            brand={brand}
            denomination={choice}
            pricing={quote.pricing}
            fields={{
              country,
              brand: slug,
              denomination: choice.token,
              expectedTotalMinor: quote.pricing.totalMinor,
              expectedCurrency: quote.pricing.currency,
            }}
            changeHref={changeHref}
            payAction={payForGiftcardAction}
            defaultEmail={user?.email}
            signedIn={!!user}
          />
        ) : (
          <div role="alert" className="rounded-xl border border-border bg-surface px-5 py-4 text-sm">
            <p className="font-medium text-danger">{failureText(t, quote)}</p>
            <Link
              href={changeHref}
              className="mt-2 inline-block font-medium text-brand underline-offset-4 hover:underline"
            >
              {t("chooseValueAgain")}
            </Link>
          </div>
        )}
      </section>
    );
  }

  return (
    <GiftcardShell>
      <Breadcrumbs
        items={[
          { label: t("giftCards"), href: "/giftcards" },
          { label: brand.countryName, href: `/giftcards/${country}` },
          { label: brand.name },
        ]}
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
        <div className="flex flex-col gap-6">
          <BrandHeader brand={brand} />
          {offer.value.detailMissing ? <p className="text-sm text-muted">{t("detailMissing")}</p> : null}
          <div className="hidden lg:block">
            <RedemptionInstructions text={brand.redemptionInstructions} headingId="redeem-heading-wide" />
          </div>
        </div>
        {purchase}
        <div className="lg:hidden">
          <RedemptionInstructions text={brand.redemptionInstructions} headingId="redeem-heading-narrow" />
        </div>
      </div>
    </GiftcardShell>
  );
}
