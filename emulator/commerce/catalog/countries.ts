import countries from "i18n-iso-countries";
import de from "i18n-iso-countries/langs/de.json";
import en from "i18n-iso-countries/langs/en.json";
import es from "i18n-iso-countries/langs/es.json";
import fr from "i18n-iso-countries/langs/fr.json";
import it from "i18n-iso-countries/langs/it.json";
import nl from "i18n-iso-countries/langs/nl.json";
import pt from "i18n-iso-countries/langs/pt.json";
import tr from "i18n-iso-countries/langs/tr.json";
import { getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";

// Country names and codes from i18n-iso-countries. The API writes ISO 3166-1 alpha-2 in
// lower case; the numeric ISO code doubles as the country id (`id_country`).

for (const locale of [en, es, fr, de, it, pt, nl, tr]) countries.registerLocale(locale);

export const SUPPORTED_LANGS = ["en", "es", "fr", "de", "it", "pt", "nl", "tr"] as const;
export type Lang = (typeof SUPPORTED_LANGS)[number];

/** `lang` query values outside the supported set fall back to English rather than failing. */
export function langOf(value: string | undefined): Lang {
  const short = (value ?? "en").slice(0, 2).toLowerCase();
  return (SUPPORTED_LANGS as readonly string[]).includes(short) ? (short as Lang) : "en";
}

export function isIsoAlpha2(code: string): boolean {
  return /^[a-z]{2}$/i.test(code) && countries.isValid(code.toUpperCase());
}

export function countryName(iso2: string, lang: Lang = "en"): string {
  return (
    countries.getName(iso2.toUpperCase(), lang, { select: "official" }) ??
    countries.getName(iso2.toUpperCase(), "en") ??
    iso2.toUpperCase()
  );
}

export function countryId(iso2: string): number {
  return Number(countries.alpha2ToNumeric(iso2.toUpperCase()));
}

export function alpha3(iso2: string): string {
  return countries.alpha2ToAlpha3(iso2.toUpperCase()) ?? "";
}

export function callingCode(iso2: string): string {
  try {
    return `+${getCountryCallingCode(iso2.toUpperCase() as CountryCode)}`;
  } catch {
    return "";
  }
}

/** `country` query values: ISO-2 in any case, ISO-3, or the numeric id. Undefined when unknown. */
export function normalizeCountry(value: string): string | undefined {
  const trimmed = value.trim();
  if (/^\d{1,3}$/.test(trimmed)) return countries.numericToAlpha2(trimmed.padStart(3, "0"))?.toLowerCase();
  if (/^[a-z]{3}$/i.test(trimmed)) return countries.alpha3ToAlpha2(trimmed.toUpperCase())?.toLowerCase();
  return isIsoAlpha2(trimmed) ? trimmed.toLowerCase() : undefined;
}
