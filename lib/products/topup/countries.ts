import { countryName } from "@/lib/i18n/country-names";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import type { CountryOption } from "./types";

// Countries for the selector and the pages: flags from the ISO code and the search the
// country selector runs as the buyer types.

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** "gb" → 🇬🇧: two regional indicator symbols, which every current system draws as a flag. */
export function flagEmoji(iso: string): string {
  const code = iso.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return "";
  return String.fromCodePoint(...[...code].map((ch) => REGIONAL_INDICATOR_A + ch.charCodeAt(0) - 65));
}

/** Lower case without accents, so "cote" finds "Côte d'Ivoire". */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The countries matching what the buyer typed: by name (names that start with it first), by
 * ISO code ("gb") or by dialling code ("+44", "44").
 */
export function filterCountries(countries: readonly CountryOption[], query: string): CountryOption[] {
  const q = fold(query.trim());
  if (!q) return [...countries];
  const digits = q.replace(/^\+|^00/, "");
  const byCode = /^\d+$/.test(digits);
  const starts: CountryOption[] = [];
  const contains: CountryOption[] = [];
  for (const country of countries) {
    const name = fold(country.name);
    if (
      byCode ? country.callingCode.slice(1).startsWith(digits) : name.startsWith(q) || country.iso.toLowerCase() === q
    )
      starts.push(country);
    else if (!byCode && name.includes(q)) contains.push(country);
  }
  return [...starts, ...contains];
}

/**
 * "gb" → "United Kingdom" ("Reino Unido" in Spanish): the country's everyday name in the buyer's
 * language (lib/i18n/country-names.ts); `fallback` (the upstream's name) or the code itself when
 * the name is not known.
 */
export function countryNameOf(iso: string, fallback?: string, locale: Locale = DEFAULT_LOCALE): string {
  return countryName(iso, locale) ?? fallback ?? iso.toUpperCase();
}

/** Whether `iso` names a country or territory (not a region such as EU, not an unassigned code). */
export function isCountryCode(iso: string): boolean {
  const code = iso.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || ["EU", "EZ", "UN", "ZZ", "QO", "XK"].includes(code)) return code === "XK";
  return countryName(code) !== null;
}
