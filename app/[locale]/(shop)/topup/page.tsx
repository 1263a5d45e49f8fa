import { Sparkles } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/client-messages";
import { ListLink } from "@/components/shop/list-link";
import { CatalogError } from "@/components/shop/topup/catalog-notices";
import { CountryGrid } from "@/components/shop/topup/country-grid";
import { flagEmoji } from "@/lib/products/topup/countries";
import { checkPhone } from "@/lib/validation/phone";
import { PhoneStep } from "@/components/shop/topup/phone-step";
import { StepProgress } from "@/components/shop/topup/step-progress";
import { TopupShell } from "@/components/shop/topup/topup-shell";
import { operatorHref } from "@/lib/products/topup/urls";
import { lookupCarrier } from "@/lib/products/topup/carrier";
import { loadCountryOptions, loadPromotions, loadTopupCountries } from "@/lib/products/topup/catalog";
import { first, type Search } from "./search-params";
import { pageLocale } from "@/lib/i18n/locale-param";
import { localizedPath } from "@/lib/i18n/locale-routing.mjs";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Topup" });
  return { title: t("title") };
}

export const dynamic = "force-dynamic";

/**
 * Step 1 of the number-first journey, and the way into browsing by country. A number sent
 * here (`?phone=`, with `&country=` when typed nationally) is checked, its operator looked
 * up, and the buyer is sent on to that operator's page with the number:
 * /topup/{country}/{operator}?phone=+44… (the rest of the journey lives there).
 */
export default async function TopupPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Search>;
}) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("topup", locale);
  if (unavailable) return unavailable;
  const t = await getTranslations({ locale, namespace: "Topup" });
  const search = await searchParams;
  const rawPhone = first(search.phone);
  const chosenCountry = first(search.country);
  let serverError: string | undefined;

  if (rawPhone) {
    const phone = checkPhone(rawPhone, chosenCountry);
    if (!phone.ok) serverError = phone.error;
    else {
      const carrier = await lookupCarrier(phone.e164, t("lookupFailed"), locale);
      if (!carrier.ok) serverError = carrier.error;
      else {
        const { countryCode, operatorId, operatorName } = carrier.carrier;
        return redirectInLanguage(
          operatorHref(countryCode, operatorId, operatorName, {
            phone: phone.e164,
            rate: first(search.rate),
            pick: first(search.pick),
            sms: first(search.sms) === "1" ? "1" : undefined,
          }),
        );
      }
    }
  }

  // "Change number" comes back with the number filled in, in its own country.
  const changing = first(search.change);
  const changingPhone = changing ? checkPhone(changing) : null;
  const defaultValue = rawPhone ?? changing;
  const defaultCountry = chosenCountry ?? (changingPhone?.ok ? changingPhone.country : undefined);
  const [options, countries, promotions] = await Promise.all([
    loadCountryOptions(locale),
    loadTopupCountries(locale),
    loadPromotions(undefined, undefined, locale),
  ]);

  return (
    <TopupShell>
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted">{t("lead")}</p>
        <StepProgress current={1} />
      </div>
      <div className="rounded-xl border border-border bg-surface p-5 shadow-sm">
        <ClientMessages locale={locale} namespaces={["TopupPhone"]}>
          {/* A plain GET form: its address in the page's language, so no redirect decides it again. */}
          <PhoneStep
            action={localizedPath("/topup", locale)}
            countries={options}
            defaultCountry={defaultCountry}
            defaultValue={defaultValue}
            serverError={serverError}
          />
        </ClientMessages>
      </div>

      {promotions.length > 0 ? (
        <section aria-labelledby="promotions-heading" className="flex flex-col gap-3">
          <h2 id="promotions-heading" className="text-xl font-semibold">
            {t("promotionsNow")}
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {promotions.slice(0, 6).map((promo) => (
              <li key={promo.id}>
                <ListLink
                  href={
                    promo.countryCode && promo.operatorId
                      ? operatorHref(promo.countryCode, promo.operatorId, promo.operatorName ?? "")
                      : "/topup"
                  }
                  className="flex h-full items-start gap-3 rounded-xl border border-border bg-surface px-4 py-3 text-sm hover:border-brand"
                >
                  <Sparkles className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block font-semibold">
                      {promo.operatorName ?? t("allOperators")} ·{" "}
                      {promo.title ? <span lang="en">{promo.title}</span> : t("promotion")}
                    </span>
                    <span className="block text-muted">
                      <span aria-hidden="true" className="mr-1">
                        {promo.countryCode ? flagEmoji(promo.countryCode) : ""}
                      </span>
                      {promo.countryName}
                    </span>
                  </span>
                </ListLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="countries-heading" className="flex flex-col gap-3">
        <h2 id="countries-heading" className="text-xl font-semibold">
          {t("browseByCountry")}
        </h2>
        <p className="text-sm text-muted">{t("browseLead")}</p>
        {countries.ok ? (
          <CountryGrid
            countries={countries.value.map((c) => ({
              iso: c.iso_short_code,
              name: c.country_name,
              operators: c.operators_count,
            }))}
          />
        ) : (
          <CatalogError title={t("countriesError")} message={countries.error} retryHref="/topup" />
        )}
      </section>
    </TopupShell>
  );
}
