import { useTranslations } from "next-intl";
import { ListLink } from "@/components/shop/list-link";
import { flagEmoji } from "@/lib/products/topup/countries";
import { countryHref } from "@/lib/products/topup/urls";

export type CountryLink = { iso: string; name: string; operators?: number };

/** Every country with top-ups, as links to its operators and products. */
export function CountryGrid({ countries }: { countries: CountryLink[] }) {
  const t = useTranslations("Topup");
  if (countries.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-surface px-5 py-4 text-sm text-muted">{t("noCountries")}</p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" data-testid="country-grid">
      {countries.map((country) => (
        <li key={country.iso}>
          <ListLink
            href={countryHref(country.iso)}
            className="flex h-full items-center gap-2.5 rounded-lg border border-border bg-surface px-3 py-2.5 text-sm font-medium hover:border-brand hover:bg-brand-soft"
          >
            <span aria-hidden="true" className="text-xl leading-none">
              {flagEmoji(country.iso)}
            </span>
            <span className="min-w-0 flex-1 truncate">{country.name}</span>
            {country.operators ? (
              <span className="shrink-0 text-xs text-muted tabular-nums">
                {country.operators}
                <span className="sr-only"> {t("operatorsCount")}</span>
              </span>
            ) : null}
          </ListLink>
        </li>
      ))}
    </ul>
  );
}
