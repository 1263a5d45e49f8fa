import { countryNameOf, flagEmoji, isCountryCode } from "@/lib/products/giftcard/country";
import type { Coverage } from "./types";

// Destinations as the eSIM pages show them: countries by ISO code, and the supplier's three
// region slugs. Flags are decorative (aria-hidden) and always sit next to the name.

export const REGIONS: Readonly<Record<string, { name: string; coverage: Coverage; symbol: string }>> = {
  eu: { name: "Europe", coverage: "REGIONAL", symbol: "🇪🇺" },
  as: { name: "Asia", coverage: "REGIONAL", symbol: "🌏" },
  ww: { name: "Worldwide", coverage: "GLOBAL", symbol: "🌐" },
};

export function isRegion(code: string): boolean {
  return Object.hasOwn(REGIONS, code);
}

/** A destination code the pages accept: a region slug, or an ISO-2 country code. */
export function isDestinationCode(code: string): boolean {
  return isRegion(code) || (isCountryCode(code) && countryNameOf(code) !== null);
}

export function destinationSymbol(code: string): string {
  return REGIONS[code]?.symbol ?? flagEmoji(code);
}

export function destinationName(code: string, fallback?: string | null): string {
  return REGIONS[code]?.name ?? (fallback?.trim() || countryNameOf(code) || code.toUpperCase());
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

const ALIASES: Readonly<Record<string, string[]>> = { gb: ["uk", "britain", "england"], us: ["usa", "america"], ae: ["uae", "dubai"], kr: ["korea"] };

// The names shown are the catalog's (English); a buyer on the Spanish pages searches in Spanish:
// "alemania" finds Germany, "europa" Europe.
const SPANISH_REGIONS: Readonly<Record<string, string>> = { eu: "Europa", as: "Asia", ww: "Mundial, todo el mundo" };
const spanishCountries = new Intl.DisplayNames(["es"], { type: "region", fallback: "none" });

function spanishName(code: string): string {
  if (SPANISH_REGIONS[code]) return SPANISH_REGIONS[code];
  if (!isCountryCode(code)) return "";
  try {
    return spanishCountries.of(code.toUpperCase()) ?? "";
  } catch {
    return "";
  }
}

/** Every word must occur in the destination's name (in English or Spanish), code or a common alias. */
export function matchesDestination(destination: { code: string; name: string }, query: string): boolean {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [destination.name, spanishName(destination.code), destination.code, ...(ALIASES[destination.code] ?? [])].map(normalise).join(" ");
  return words.every((word) => haystack.includes(word));
}

/** "Austria, Belgium, …": the countries a plan covers, by name, in alphabetical order. */
export function countryList(codes: readonly string[]): string {
  return codes
    .map((code) => destinationName(code))
    .sort((a, b) => a.localeCompare(b, "en"))
    .join(", ");
}
