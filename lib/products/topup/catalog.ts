import "server-only";
import { getCountries, getCountryCallingCode, isSupportedCountry } from "libphonenumber-js/min";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { countryNameOf } from "./countries";
import { promotionRunning, promotionServiceTypes } from "./promotion-scope";
import type { CountryOption, PromotionView } from "./types";
import { loadRead, type Loaded } from "@/lib/catalog/loaded";
import { topupCountries, topupPromotions } from "@/lib/catalog/topup";
import type { Country, Promotion } from "@/lib/upstream/commerce";

// The top-up pages' shared catalog reads: the countries the shop serves and the promotions
// running now. Each answers a Loaded value (lib/catalog/loaded.ts): a page never crashes
// because the upstream is down.

/** Countries the shop sells top-ups for, by name in the buyer's language. */
export async function loadTopupCountries(locale: Locale = DEFAULT_LOCALE): Promise<Loaded<Country[]>> {
  const loaded = await loadRead(topupCountries, "top-up countries");
  if (!loaded.ok) return loaded;
  const named = loaded.value.map((c) => ({
    ...c,
    country_name: countryNameOf(c.iso_short_code, c.country_name, locale),
  }));
  return { ...loaded, value: named.sort((a, b) => a.country_name.localeCompare(b.country_name, locale)) };
}

/**
 * The country selector's list: the shop's top-up countries with their dialling codes; when the
 * catalog cannot be read, every country the phone library knows (the number can still be
 * checked, and the carrier lookup says whether it is served).
 */
export async function loadCountryOptions(locale: Locale = DEFAULT_LOCALE): Promise<CountryOption[]> {
  const countries = await loadTopupCountries(locale);
  const options = countries.ok
    ? countries.value.flatMap((c): CountryOption[] => {
        const iso = c.iso_short_code.toUpperCase();
        if (!isSupportedCountry(iso)) return [];
        return [{ iso, name: c.country_name, callingCode: c.calling_code ?? `+${getCountryCallingCode(iso)}` }];
      })
    : getCountries().map((iso) => ({
        iso,
        name: countryNameOf(iso, undefined, locale),
        callingCode: `+${getCountryCallingCode(iso)}`,
      }));
  return options.sort((a, b) => a.name.localeCompare(b.name, locale));
}

export function promotionView(p: Promotion, locale: Locale = DEFAULT_LOCALE): PromotionView {
  return {
    id: p.id,
    title: p.title ?? null,
    description: p.description ?? null,
    bonusPercent: p.bonus_percent ?? null,
    endsAt: p.ends_at ?? null,
    operatorId: p.id_operator ?? null,
    operatorName: p.operator_name ?? null,
    countryCode: typeof p.iso_short_code === "string" ? p.iso_short_code : null,
    countryName:
      typeof p.iso_short_code === "string"
        ? countryNameOf(p.iso_short_code, typeof p.country_name === "string" ? p.country_name : undefined, locale)
        : null,
    serviceTypes: promotionServiceTypes(p),
  };
}

/**
 * Active promotions for a country (and, when given, one operator of it): the operator's own
 * and those for the whole country. Informational, so a failed read just shows none.
 */
export async function loadPromotions(
  country?: string,
  operatorId?: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<PromotionView[]> {
  const loaded = await loadRead(topupPromotions, "top-up promotions");
  if (!loaded.ok) return [];
  const now = Date.now();
  return loaded.value
    .filter((p) => !country || p.iso_short_code === country.toLowerCase())
    .filter((p) => !operatorId || !p.id_operator || p.id_operator === operatorId)
    .filter((p) => promotionRunning(p, now))
    .map((p) => promotionView(p, locale));
}
