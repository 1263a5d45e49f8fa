import { Sparkles } from "lucide-react";
import type { Metadata } from "next";
import { ListLink } from "@/components/shop/list-link";
import { redirect } from "next/navigation";
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
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Mobile top-up" };
export const dynamic = "force-dynamic";

/**
 * Step 1 of the number-first journey, and the way into browsing by country. A number sent
 * here (`?phone=`, with `&country=` when typed nationally) is checked, its operator looked
 * up, and the buyer is sent on to that operator's page with the number:
 * /topup/{country}/{operator}?phone=+44… (the rest of the journey lives there).
 */
export default async function TopupPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<Search> }) {
  await enterLocale(params);
  const search = await searchParams;
  const rawPhone = first(search.phone);
  const chosenCountry = first(search.country);
  let serverError: string | undefined;

  if (rawPhone) {
    const phone = checkPhone(rawPhone, chosenCountry);
    if (!phone.ok) serverError = phone.error;
    else {
      const carrier = await lookupCarrier(phone.e164);
      if (!carrier.ok) serverError = carrier.error;
      else {
        const { countryCode, operatorId, operatorName } = carrier.carrier;
        redirect(
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
  const [options, countries, promotions] = await Promise.all([loadCountryOptions(), loadTopupCountries(), loadPromotions()]);

  return (
    <TopupShell>
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Mobile top-up</h1>
        <p className="text-muted">Send airtime, data or a bundle to any prepaid number. We find the operator from the number.</p>
        <StepProgress current={1} />
      </div>
      <div className="rounded-xl border border-border bg-surface p-5 shadow-sm">
        <PhoneStep action="/topup" countries={options} defaultCountry={defaultCountry} defaultValue={defaultValue} serverError={serverError} />
      </div>

      {promotions.length > 0 ? (
        <section aria-labelledby="promotions-heading" className="flex flex-col gap-3">
          <h2 id="promotions-heading" className="text-xl font-semibold">
            Promotions right now
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {promotions.slice(0, 6).map((promo) => (
              <li key={promo.id}>
                <ListLink
                  href={promo.countryCode && promo.operatorId ? operatorHref(promo.countryCode, promo.operatorId, promo.operatorName ?? "") : "/topup"}
                  className="flex h-full items-start gap-3 rounded-xl border border-border bg-surface px-4 py-3 text-sm hover:border-brand"
                >
                  <Sparkles className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block font-semibold">
                      {promo.operatorName ?? "All operators"} · {promo.title}
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
          Browse by country
        </h2>
        <p className="text-sm text-muted">See every operator and top-up of a country, then enter the number.</p>
        {countries.ok ? (
          <CountryGrid countries={countries.value.map((c) => ({ iso: c.iso_short_code, name: c.country_name, operators: c.operators_count }))} />
        ) : (
          <CatalogError title="We cannot list the countries right now" message={countries.error} retryHref="/topup" />
        )}
      </section>
    </TopupShell>
  );
}
