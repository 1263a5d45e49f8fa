import { useTranslations } from "next-intl";
import { ListLink } from "@/components/shop/list-link";
import { BrandLogo } from "./brand-logo";
import { flagEmoji } from "@/lib/products/giftcard/country";
import { categoryText } from "@/lib/products/giftcard/face-value";
import type { GiftcardBrandSummary } from "@/lib/products/giftcard/types";

type Group = { name: string; category: string | null; logoUrl: string | null; countries: GiftcardBrandSummary[] };

/** A name search across countries: each matching brand with the countries it is sold for. */
export function AllCountryResults({ groups }: { groups: Group[] }) {
  const t = useTranslations("Giftcard");
  return (
    <ul className="flex flex-col gap-3" data-testid="search-results">
      {groups.map((group) => {
        const category = categoryText(group.category, (known) => t(`category.${known}`));
        return (
          <li key={group.name} className="rounded-xl border border-border bg-surface p-4 shadow-sm">
            <div className="flex items-center gap-4">
              <BrandLogo name={group.name} logoUrl={group.logoUrl} />
              <div className="min-w-0">
                <h3 className="font-semibold">{group.name}</h3>
                <p className="text-xs text-muted">
                  {category ? `${category} · ` : ""}
                  {t("countryCount", { count: group.countries.length })}
                </p>
              </div>
            </div>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("brandCountries", { brand: group.name })}>
              {group.countries.map((brand) => (
                <li key={brand.id}>
                  <ListLink
                    href={`/giftcards/${brand.countryCode}/${brand.slug}`}
                    className="inline-flex items-center gap-1.5 rounded-full border border-border px-3 py-1 text-sm hover:border-brand hover:text-brand"
                  >
                    <span aria-hidden="true">{flagEmoji(brand.countryCode)}</span>
                    {brand.countryName}
                    <span className="sr-only"> ({group.name})</span>
                  </ListLink>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
