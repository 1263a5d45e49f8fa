import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import { notFound } from "next/navigation";
import { payForEsimAction } from "../../actions";
import { ESIM_DISABLED, loadEsimQuote, loadPlanOffer, NOT_SOLD } from "@/lib/products/esim/catalog";
import { EsimShell, first, type Search } from "../../shell";
import { destinationName, isDestinationCode } from "@/lib/products/esim/destination";
import { DestinationBanner } from "@/components/shop/esim/destination-banner";
import { EsimDisabledNotice } from "@/components/shop/esim/disabled-notice";
import { PlanFacts } from "@/components/shop/esim/plan-facts";
import { EsimReviewStep } from "@/components/shop/esim/review-step";
import { EsimSteps } from "@/components/shop/esim/step-progress";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { CatalogAgeNotice, CatalogError } from "@/components/shop/giftcards/catalog-notice";
import { buttonClasses } from "@/components/ui/button";
import { getCurrentUser } from "@/lib/auth/guards";
import { moneyText } from "@/lib/i18n/formats";
import { pageLocale } from "@/lib/i18n/locale-param";
import { pageCurrency } from "@/lib/i18n/page-currency";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { failureText, planTitle } from "@/components/shop/esim/esim-text";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

export const dynamic = "force-dynamic";

type Params = Promise<{ locale: string; edition?: string; destination: string; plan: string }>;

const CATALOG_ID = /^[a-z0-9-]{1,100}$/;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const { destination } = await params;
  const code = destination.toLowerCase();
  const t = await getTranslations({ locale, namespace: "EsimPlan" });
  return {
    title: isDestinationCode(code)
      ? t("title", { destination: destinationName(code, null, locale) })
      : t("titleFallback"),
  };
}

/**
 * /esim/[destination]/[plan]: the plan, then ?buy=1 the review. No submission id in the URL:
 * the pay action derives it from this browser's submitter cookie (lib/orders/submitter.ts).
 */
export default async function EsimPlanPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Search>;
}) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("esim", locale);
  if (unavailable) return unavailable;
  const { destination: rawCode, plan: rawPlan } = await params;
  const code = rawCode.toLowerCase();
  const catalogId = decodeURIComponent(rawPlan).toLowerCase();
  if (!isDestinationCode(code) || !CATALOG_ID.test(catalogId)) notFound();
  if (code !== rawCode || catalogId !== rawPlan) return redirectInLanguage(`/esim/${code}/${catalogId}`);
  const [esim, t] = await Promise.all([
    getTranslations({ locale, namespace: "Esim" }),
    getTranslations({ locale, namespace: "EsimPlan" }),
  ]);
  const search = await searchParams;
  const base = `/esim/${code}/${catalogId}`;

  const currency = await pageCurrency(params);
  const offer = await loadPlanOffer(code, catalogId, locale, currency);
  if (!offer.ok && offer.code === NOT_SOLD) notFound();
  const crumbs = (label: string) => (
    <Breadcrumbs
      items={[
        { label: esim("travelEsims"), href: "/esim" },
        { label: destinationName(code, null, locale), href: `/esim/${code}` },
        { label },
      ]}
    />
  );
  if (!offer.ok) {
    return (
      <EsimShell>
        {crumbs(t("crumbPlan"))}
        <h1 className="text-3xl font-bold tracking-tight">
          {t("title", { destination: destinationName(code, null, locale) })}
        </h1>
        {offer.code === ESIM_DISABLED ? (
          <EsimDisabledNotice />
        ) : (
          <CatalogError
            message={failureText(esim, offer)}
            retryHref={base}
            backHref={`/esim/${code}`}
            backText={t("otherPlans")}
          />
        )}
      </EsimShell>
    );
  }

  const { destination, plan, priceToken } = offer.value;
  const buying = first(search.buy) === "1";
  const title = planTitle(esim, locale, plan);

  if (!buying) {
    return (
      <EsimShell>
        {crumbs(title)}
        <EsimSteps current={2} />
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
          <div className="flex flex-col gap-5">
            <DestinationBanner destination={destination} />
            <h1 className="text-2xl font-bold tracking-tight">
              {title} <span className="sr-only">{t("title", { destination: destination.name })}</span>
            </h1>
            <CatalogAgeNotice age={offer.age} />
            <PlanFacts plan={plan} />
          </div>
          <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-5">
            <p className="text-sm text-muted">{t("youPay")}</p>
            <p className="text-3xl font-bold" data-testid="plan-price">
              {moneyText(plan.totalMinor, plan.currency, locale)}
            </p>
            {/* Not prefetched: the review is rendered per request and asks the supplier for a live price. */}
            <Link href={`${base}?buy=1`} prefetch={false} className={buttonClasses("primary", "lg", "w-full")}>
              {t("buy")}
            </Link>
            <Link
              href={`/esim/${code}`}
              className="text-center text-sm font-medium text-brand underline-offset-4 hover:underline"
            >
              {t("otherPlansFor", { destination: destination.name })}
            </Link>
          </div>
        </div>
      </EsimShell>
    );
  }

  const [user, quote] = await Promise.all([
    getCurrentUser(),
    loadEsimQuote(plan.catalogId, priceToken, { currency, exchange: plan.exchange }),
  ]);
  return (
    <EsimShell>
      {crumbs(title)}
      <EsimSteps current={3} />
      <h1 id="review-title" className="text-2xl font-bold tracking-tight">
        {t("reviewTitle")}
      </h1>
      {quote.ok ? (
        <div className="max-w-2xl">
          <EsimReviewStep
            destination={destination}
            plan={plan}
            pricing={quote.pricing}
            fields={{
              destination: code,
              plan: plan.catalogId,
              expectedTotalMinor: quote.pricing.totalMinor,
              expectedCurrency: quote.pricing.currency,
            }}
            changeHref={`/esim/${code}`}
            payAction={payForEsimAction}
            defaultEmail={user?.email}
            signedIn={!!user}
          />
        </div>
      ) : quote.code === ESIM_DISABLED ? (
        <EsimDisabledNotice />
      ) : (
        <div role="alert" className="rounded-xl border border-border bg-surface px-5 py-4 text-sm">
          <p className="font-medium text-danger">{failureText(esim, quote)}</p>
          <Link href={base} className="mt-2 inline-block font-medium text-brand underline-offset-4 hover:underline">
            {t("backToPlan")}
          </Link>
        </div>
      )}
    </EsimShell>
  );
}
