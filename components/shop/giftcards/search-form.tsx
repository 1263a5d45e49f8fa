import { Search } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { localizedPath } from "@/lib/i18n/locale-routing.mjs";
import type { GiftcardCountry } from "@/lib/products/giftcard/types";

/**
 * Brand search by name and country: a plain GET form (works before hydration). /giftcards
 * turns a chosen country into the shareable /giftcards/[country]?q=…; no country searches
 * every country. The form stays in the page's language (/es/giftcards on a Spanish page).
 */
export function BrandSearchForm({
  countries,
  country,
  query,
}: {
  countries: GiftcardCountry[];
  country?: string;
  query?: string;
}) {
  const t = useTranslations("Giftcard");
  const locale = useLocale();
  return (
    <form
      action={localizedPath("/giftcards", locale)}
      method="get"
      role="search"
      aria-label={t("searchLabel")}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_auto] sm:items-end"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="giftcard-q" className="text-sm font-medium">
          {t("brandLabel")}
        </label>
        <Input
          id="giftcard-q"
          name="q"
          type="search"
          defaultValue={query}
          placeholder={t("brandPlaceholder")}
          autoComplete="off"
          maxLength={100}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="giftcard-country" className="text-sm font-medium">
          {t("countryLabel")}
        </label>
        <Select id="giftcard-country" name="country" defaultValue={country ?? ""}>
          <option value="">{t("allCountries")}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" className="w-full sm:w-auto">
        <Search className="size-4" aria-hidden="true" />
        {t("search")}
      </Button>
    </form>
  );
}
