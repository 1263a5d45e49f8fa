import { useLocale, useTranslations } from "next-intl";
import { localizedPath } from "@/lib/i18n/locale-routing.mjs";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import type { UnlockCountry } from "@/lib/upstream/unlock/schemas";

/** The country the phone's network is in: a plain GET form (?country=id). */
export function CountryForm({
  action,
  countries,
  selected,
}: {
  action: string;
  countries: UnlockCountry[];
  selected?: number;
}) {
  const t = useTranslations("Unlock");
  // A plain form is not next-intl's Link: "/unlock/1/2" on a Spanish page must send to "/es/unlock/1/2".
  const target = localizedPath(action, useLocale());
  return (
    <form action={target} method="get" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="unlock-country" className="text-sm font-medium">
          {t("countryLabel")}
        </label>
        <Select id="unlock-country" name="country" defaultValue={selected ? String(selected) : ""} required>
          <option value="" disabled>
            {t("chooseCountry")}
          </option>
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" className="w-full sm:w-auto">
        {t("showNetworks")}
      </Button>
    </form>
  );
}
