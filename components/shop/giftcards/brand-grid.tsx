import { useLocale, useTranslations } from "next-intl";
import { ListLink } from "@/components/shop/list-link";
import { BrandLogo } from "./brand-logo";
import { categoryText, faceValueRange } from "@/lib/products/giftcard/face-value";
import type { GiftcardBrandSummary } from "@/lib/products/giftcard/types";

/** A country's brands as cards: logo, name, category and the range of card values. */
export function BrandGrid({ brands }: { brands: GiftcardBrandSummary[] }) {
  const t = useTranslations("Giftcard");
  const locale = useLocale();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="brand-list">
      {brands.map((brand) => {
        const range = faceValueRange(brand.minFaceMinor, brand.maxFaceMinor, brand.faceCurrency, locale);
        const category = categoryText(brand.category, (known) => t(`category.${known}`));
        return (
          <li key={brand.id}>
            <ListLink
              href={`/giftcards/${brand.countryCode}/${brand.slug}`}
              className="flex h-full items-center gap-4 rounded-xl border border-border bg-surface p-4 shadow-sm transition hover:border-brand hover:shadow-md"
            >
              <BrandLogo name={brand.name} logoUrl={brand.logoUrl} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{brand.name}</span>
                {category ? <span className="block text-xs text-muted">{category}</span> : null}
                {range ? <span className="mt-1 block text-sm tabular-nums">{range}</span> : null}
              </span>
            </ListLink>
          </li>
        );
      })}
    </ul>
  );
}
