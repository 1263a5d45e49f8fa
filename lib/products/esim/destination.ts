import { countryName } from "@/lib/i18n/country-names";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { flagEmoji, isCountryCode } from "@/lib/products/giftcard/country";
import type { Coverage } from "./types";

// Destinations as the eSIM pages show them: countries by ISO code, and the supplier's three
// region slugs. Flags are decorative (aria-hidden) and always sit next to the name.

export const REGIONS: Readonly<Record<string, { name: Record<Locale, string>; coverage: Coverage; symbol: string }>> = {
  eu: { name: { en: "Europe", es: "Europa" }, coverage: "REGIONAL", symbol: "🇪🇺" },
  as: { name: { en: "Asia", es: "Asia" }, coverage: "REGIONAL", symbol: "🌏" },
  ww: { name: { en: "Worldwide", es: "Todo el mundo" }, coverage: "GLOBAL", symbol: "🌐" },
};

/** A country's name in a language ("gb" → "United Kingdom", "Reino Unido"), or null when the code is not a country. */
const countryNameIn = (code: string, locale: Locale): string | null =>
  isCountryCode(code) ? countryName(code, locale) : null;

export function isRegion(code: string): boolean {
  return Object.hasOwn(REGIONS, code);
}

/** A destination code the pages accept: a region slug, or an ISO-2 country code. */
export function isDestinationCode(code: string): boolean {
  return isRegion(code) || countryNameIn(code, DEFAULT_LOCALE) !== null;
}

export function destinationSymbol(code: string): string {
  return REGIONS[code]?.symbol ?? flagEmoji(code);
}

/**
 * A destination's name in the buyer's language: the shop's own for regions; for a country the
 * supplier's (`fallback`, read in that language: lib/catalog/esim.ts) or, without one, the
 * country's name in the language.
 */
export function destinationName(code: string, fallback?: string | null, locale: Locale = DEFAULT_LOCALE): string {
  return REGIONS[code]?.name[locale] ?? (fallback?.trim() || countryNameIn(code, locale) || code.toUpperCase());
}

/** The code as printed next to the name: "GB", or "EU" for a region. */
export function destinationLabelCode(code: string): string {
  return code.toUpperCase();
}

/** Accents and case do not matter: "espana" finds "España", "uk" and "gb" find the United Kingdom. */
export function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

const ALIASES: Readonly<Record<string, string[]>> = {
  gb: ["uk", "britain", "england"],
  us: ["usa", "america"],
  ae: ["uae", "dubai"],
  kr: ["korea"],
};

// A buyer finds a destination by its name in either language, whichever the page shows:
// "alemania" finds Germany, "europa" Europe, "germany" Alemania.
const SPANISH_REGIONS: Readonly<Record<string, string>> = { eu: "Europa", as: "Asia", ww: "Mundial, todo el mundo" };

function spanishName(code: string): string {
  if (SPANISH_REGIONS[code]) return SPANISH_REGIONS[code];
  return countryNameIn(code, "es") ?? "";
}

/** Every word must occur in the destination's name (in English or Spanish), code or a common alias. */
export function matchesDestination(destination: { code: string; name: string }, query: string): boolean {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    destination.name,
    destinationName(destination.code),
    spanishName(destination.code),
    destination.code,
    ...(ALIASES[destination.code] ?? []),
  ]
    .map(normalise)
    .join(" ");
  return words.every((word) => haystack.includes(word));
}

/** "Austria, Belgium, …": the countries a plan covers, by name, in alphabetical order. */
export function countryList(codes: readonly string[], locale: Locale = DEFAULT_LOCALE): string {
  return codes
    .map((code) => destinationName(code, null, locale))
    .sort((a, b) => a.localeCompare(b, locale))
    .join(", ");
}
