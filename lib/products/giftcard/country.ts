// Countries as the gift card pages show them: a flag emoji made from the ISO code, and an
// English name when the supplier's list does not give one.

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

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** The English name of an ISO 3166-1 alpha-2 code, or null when it is not a country. */
export function countryNameOf(code: string): string | null {
  if (!isCountryCode(code.toLowerCase())) return null;
  try {
    const name = regionNames.of(code.toUpperCase());
    // "ZZ" is the CLDR code for an unknown region, and has a name: not a country.
    return name && code.toUpperCase() !== "ZZ" ? name : null;
  } catch {
    return null;
  }
}
