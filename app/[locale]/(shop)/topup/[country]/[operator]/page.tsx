import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { ClientMessages } from "@/components/client-messages";
import { payForTopupAction } from "../../actions";
import { lookupCarrier } from "@/lib/products/topup/carrier";
import { loadCountryOptions } from "@/lib/products/topup/catalog";
import { loadOperatorChoices } from "@/lib/products/topup/country-page";
import { loadOperatorOffer } from "@/lib/products/topup/offer";
import { loadTopupQuote } from "@/lib/products/topup/sale";
import { first, queryOf, type Search } from "../../search-params";
import { CarrierSummary } from "@/components/shop/topup/carrier-summary";
import { CatalogError, StaleNotice } from "@/components/shop/topup/catalog-notices";
import { ChosenRate } from "@/components/shop/topup/chosen-rate";
import { countryNameOf } from "@/lib/products/topup/countries";
import { OperatorHeader } from "@/components/shop/topup/operator-header";
import { checkPhone } from "@/lib/validation/phone";
import { PhoneStep } from "@/components/shop/topup/phone-step";
import { Promotions } from "@/components/shop/topup/promotions";
import { RateStep } from "@/components/shop/topup/rate-step";
import { ReviewStep } from "@/components/shop/topup/review-step";
import { BROWSE_FIRST, NUMBER_FIRST, StepProgress } from "@/components/shop/topup/step-progress";
import { Breadcrumbs, TopupShell } from "@/components/shop/topup/topup-shell";
import { countryFromParam, countryHref, operatorHref, operatorIdFromParam } from "@/lib/products/topup/urls";
import { NOT_SOLD } from "@/lib/catalog/loaded";
import { getCurrentUser } from "@/lib/auth/guards";
import { pageLocale } from "@/lib/i18n/locale-param";
import { pageCurrency } from "@/lib/i18n/page-currency";
import { localizedPath } from "@/lib/i18n/locale-routing.mjs";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

export const dynamic = "force-dynamic";

type Params = Promise<{ locale: string; edition?: string; country: string; operator: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Topup" });
  return { title: t("title") };
}

/**
 * One operator's journey, at a shareable URL: /topup/gb/1010-o2. Its state is the query:
 * without a number, the rates (browse), then the number; with `?phone=` (number first, or
 * "Not your operator?"), the rates for that number; with `&rate=`, the confirmation step.
 */
export default async function OperatorPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Search>;
}) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("topup", locale);
  if (unavailable) return unavailable;
  const t = await getTranslations({ locale, namespace: "Topup" });
  const path = await params;
  const country = countryFromParam(path.country);
  const operatorId = operatorIdFromParam(path.operator);
  if (!country || !operatorId) notFound();
  const search = await searchParams;
  const rawPhone = first(search.phone);
  const rate = first(search.rate);
  const sms = first(search.sms) === "1";
  const pick = first(search.pick);

  const currency = await pageCurrency(params);
  const loaded = await loadOperatorOffer(operatorId, locale, currency);
  if (!loaded.ok) {
    if (loaded.code === NOT_SOLD) notFound();
    return (
      <TopupShell>
        <Breadcrumbs
          items={[
            { label: t("title"), href: "/topup" },
            { label: countryNameOf(country, undefined, locale), href: countryHref(country) },
            { label: t("operatorCrumb") },
          ]}
        />
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <CatalogError
          title={t("operatorError")}
          message={loaded.error}
          retryHref={operatorHref(country, operatorId, "", { phone: rawPhone, rate, sms: sms ? "1" : undefined })}
          backHref={countryHref(country)}
          backLabel={t("otherOperatorsIn", { country: countryNameOf(country, undefined, locale) })}
        />
      </TopupShell>
    );
  }
  const offer = loaded.value;
  const here = (query: Parameters<typeof operatorHref>[3] = {}) =>
    operatorHref(offer.countryCode, offer.operatorId, offer.operatorName, query);
  const canonicalPath = here();
  if (`/topup/${path.country}/${path.operator}` !== canonicalPath) {
    return redirectInLanguage(
      here({ phone: rawPhone, rate, pick, sms: sms ? "1" : undefined, type: first(search.type) }),
    );
  }

  // The number: checked again here (it may come straight from a shared link), and it must be
  // from this operator's country; the upstream may still refuse it (a landline, …).
  let phoneError: string | undefined;
  let phone: string | undefined;
  let detectedName: string | null = null;
  if (rawPhone) {
    const check = checkPhone(rawPhone, first(search.country) ?? offer.countryCode);
    if (!check.ok) phoneError = check.error;
    else if (check.country?.toLowerCase() !== offer.countryCode) {
      phoneError = t("otherCountryNumber", {
        numberCountry: countryNameOf(check.country ?? "", undefined, locale),
        operator: offer.operatorName,
        country: offer.countryName,
      });
    } else {
      const carrier = await lookupCarrier(check.e164, t("lookupFailed"), locale);
      if (!carrier.ok && carrier.kind === "refused") phoneError = carrier.error;
      else {
        phone = check.e164;
        if (carrier.ok && carrier.carrier.operatorId !== offer.operatorId) detectedName = carrier.carrier.operatorName;
      }
    }
  }

  const choice = rate ? offer.choices.find((c) => c.token === rate) : undefined;
  const stale = offer.pricesAgeMs !== null ? <StaleNotice ageMs={offer.pricesAgeMs} /> : null;
  const crumbs = [
    { label: t("title"), href: "/topup" },
    { label: offer.countryName, href: countryHref(offer.countryCode) },
    { label: offer.operatorName },
  ];

  if (!choice) {
    const numberFirst = phone !== undefined;
    const operators = numberFirst ? await loadOperatorChoices(offer.countryCode) : [];
    return (
      <TopupShell>
        <Breadcrumbs items={crumbs} />
        {numberFirst ? (
          <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        ) : (
          <OperatorHeader operator={offer} />
        )}
        <StepProgress current={2} steps={numberFirst ? NUMBER_FIRST : BROWSE_FIRST} />
        {numberFirst ? (
          <CarrierSummary phone={phone!} operator={offer} detectedName={detectedName} operators={operators} />
        ) : null}
        <section aria-labelledby="amount-heading" className="flex flex-col gap-4">
          <h2 id="amount-heading" className="text-xl font-semibold">
            {t("chooseAmount")}
          </h2>
          {stale}
          <Promotions promotions={offer.promotions} locale={locale} />
          <RateStep
            offer={offer}
            action={localizedPath(canonicalPath, locale)}
            hidden={numberFirst ? { phone: phone! } : {}}
            selected={pick}
            initialType={first(search.type)}
            sms={sms}
            submitLabel={numberFirst ? t("continueToReview") : t("continue")}
            error={rate ? t("rateGone") : undefined}
            locale={locale}
          />
        </section>
      </TopupShell>
    );
  }

  const changeHref = here({ phone, pick: choice.token, sms: sms ? "1" : undefined });
  if (!phone) {
    const options = await loadCountryOptions(locale);
    return (
      <TopupShell>
        <Breadcrumbs items={crumbs} />
        <OperatorHeader operator={offer} />
        <StepProgress current={3} steps={BROWSE_FIRST} />
        <ChosenRate
          choice={choice}
          operatorName={offer.operatorName}
          sms={sms}
          changeHref={changeHref}
          locale={locale}
        />
        <section
          aria-labelledby="number-heading"
          className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm"
        >
          <h2 id="number-heading" className="text-xl font-semibold">
            {t("enterNumber")}
          </h2>
          <ClientMessages locale={locale} namespaces={["TopupPhone"]}>
            <PhoneStep
              action={localizedPath(canonicalPath, locale)}
              countries={options}
              defaultCountry={offer.countryCode}
              defaultValue={rawPhone}
              serverError={phoneError}
              hidden={{ rate: choice.token, ...(sms ? { sms: "1" } : {}) }}
              submitLabel={t("continueToReview")}
            />
          </ClientMessages>
        </section>
      </TopupShell>
    );
  }

  // The review has one address: the number in E.164, the rate, the SMS choice (the phone form
  // also sends its country field; an old link may carry a retired `sub`).
  const reviewHref = here({ phone, rate: choice.token, sms: sms ? "1" : undefined });
  if (`${canonicalPath}?${queryOf(search)}` !== reviewHref) return redirectInLanguage(reviewHref);

  // No submission id in the URL or the page: the pay action derives it from this browser's
  // submitter cookie and the review (lib/orders/submitter.ts), so refresh, back and a second
  // tab of this browser still reach one order, and a copied link reaches none.
  const [user, quote] = await Promise.all([
    getCurrentUser(),
    loadTopupQuote({ phone, rate: choice.token, sms }, t("quoteFailed"), { currency, exchange: choice.exchange }),
  ]);
  return (
    <TopupShell>
      <Breadcrumbs items={crumbs} />
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <StepProgress current={3} steps={NUMBER_FIRST} />
      {detectedName ? (
        <CarrierSummary phone={phone} operator={offer} detectedName={detectedName} showSwitcher={false} />
      ) : null}
      <section aria-labelledby="review-title" className="flex flex-col gap-4">
        <h2 id="review-title" className="text-xl font-semibold">
          {t("reviewAndPay")}
        </h2>
        {quote.ok ? (
          <ReviewStep
            operator={offer}
            choice={choice}
            pricing={quote.pricing}
            fields={{
              phone,
              operator: offer.operatorId,
              rate: choice.token,
              sms,
              expectedTotalMinor: quote.pricing.totalMinor,
              expectedCurrency: quote.pricing.currency,
            }}
            changeHref={changeHref}
            payAction={payForTopupAction}
            defaultEmail={user?.email}
            signedIn={!!user}
            locale={locale}
          />
        ) : (
          <div role="alert" className="rounded-xl border border-border bg-surface px-5 py-4 text-sm">
            <p className="font-medium text-danger">{quote.error}</p>
            <a
              href={localizedPath(changeHref, locale)}
              className="mt-2 inline-block font-medium text-brand underline-offset-4 hover:underline"
            >
              {t("chooseAgain")}
            </a>
          </div>
        )}
      </section>
    </TopupShell>
  );
}
