import { useTranslations } from "next-intl";
import { ListLink } from "@/components/shop/list-link";
import { flagEmoji } from "@/lib/products/giftcard/country";
import type { GiftcardCountry } from "@/lib/products/giftcard/types";

/** Every country with gift cards, each a link to its brands. */
export function CountryGrid({ countries }: { countries: GiftcardCountry[] }) {
  const t = useTranslations("Giftcard");
  return (
    <ul className="grid grid-cols-2 gap-2 md:grid-cols-3 lg:grid-cols-4" data-testid="country-list">
      {countries.map((country) => (
        <li key={country.code}>
          <ListLink
            href={`/giftcards/${country.code}`}
            className="flex h-full items-center gap-2.5 rounded-xl border border-border bg-surface px-3 py-2.5 transition sm:gap-3 sm:px-4 sm:py-3 hover:border-brand hover:shadow-sm"
          >
            <span aria-hidden="true" className="text-xl leading-none sm:text-2xl">
              {flagEmoji(country.code)}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm leading-snug font-medium sm:text-base">{country.name}</span>
              {country.brandCount !== null ? (
                <span className="block text-xs text-muted">{t("brandCount", { count: country.brandCount })}</span>
              ) : null}
            </span>
          </ListLink>
        </li>
      ))}
    </ul>
  );
}
