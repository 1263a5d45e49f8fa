import { countryName } from "@/lib/i18n/country-names";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";

// Countries as the gift card pages show them: a flag emoji made from the ISO code, and the
// country's name in the buyer's language (lib/i18n/country-names.ts).

const ISO2 = /^[a-z]{2}$/;

export function isCountryCode(code: string): boolean {
  return ISO2.test(code);
}

/** 🇬🇧 from "gb": two regional indicator symbols. Decorative: always next to the name. */
export function flagEmoji(code: string): string {
  const lower = code.toLowerCase();
  if (!ISO2.test(lower)) return "";
  return String.fromCodePoint(...[...lower].map((c) => 0x1f1e6 + c.charCodeAt(0) - 97));
}

/** The name of an ISO 3166-1 alpha-2 code in the buyer's language, or null when it is not a country. */
export function countryNameOf(code: string, locale: Locale = DEFAULT_LOCALE): string | null {
  return isCountryCode(code.toLowerCase()) ? countryName(code, locale) : null;
}
