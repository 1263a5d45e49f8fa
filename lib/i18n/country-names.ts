import { DEFAULT_LOCALE, type Locale } from "./locale-routing.mjs";

// Country names in the buyer's language ("gb" → "United Kingdom", "Reino Unido"): the short,
// everyday names CLDR gives (lists and headings say "United States", not "United States of
// America"), the same for every product's pages. Built once per language: a country list names
// ~150 countries per page view.
const NAMES: Record<Locale, Intl.DisplayNames> = {
  en: new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }),
  es: new Intl.DisplayNames(["es"], { type: "region", fallback: "none" }),
};

/** A country's name in `locale`, or null when the code names no country ("ZZ", "EU", "12"). */
export function countryName(iso: string, locale: Locale = DEFAULT_LOCALE): string | null {
  const code = iso.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || code === "ZZ") return null;
  try {
    return NAMES[locale].of(code) ?? null;
  } catch {
    return null;
  }
}
