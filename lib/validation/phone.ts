import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from "libphonenumber-js/min";

// One phone check for the browser (instant inline error) and the server (the same rule again,
// never trusted from the browser). A number is either international ("+" or "00" and the
// country code, written with or without spaces, dashes or brackets) or national, read in the
// country the buyer chose in the country selector.

export type PhoneCheck = { ok: true; e164: string; country?: string } | { ok: false; error: string };

export const PHONE_EXAMPLE = "+44 7400 123456";

const INVALID_LENGTH = "This number has the wrong number of digits for its country.";
const LENGTH_PROBLEMS: Record<string, string> = {
  TOO_SHORT: "This number is too short. Check that no digit is missing.",
  TOO_LONG: "This number is too long. Check for an extra digit.",
  INVALID_LENGTH,
  INVALID_COUNTRY: "We do not recognise that country code. Start with + and the country code.",
  NOT_A_NUMBER: "Enter the number in digits.",
};

/** "GB" / "gb" → "GB" when it is a country libphonenumber knows; anything else → undefined. */
export function phoneCountry(value: string | null | undefined): CountryCode | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && isSupportedCountry(code) ? code : undefined;
}

export function checkPhone(input: string, defaultCountry?: string): PhoneCheck {
  const compact = input
    .trim()
    .replace(/[\s().-]/g, "")
    .replace(/^00/, "+");
  if (!compact) return { ok: false, error: "Enter the phone number to top up." };
  const country = phoneCountry(defaultCountry);
  const international = compact.startsWith("+");
  if (!international && !country)
    return {
      ok: false,
      error: `Choose the country, or start with + and the country code, for example ${PHONE_EXAMPLE}.`,
    };
  if (!/^\+?\d+$/.test(compact))
    return { ok: false, error: international ? "Use digits only after the + sign." : "Enter the number in digits." };
  const lengthProblem = international
    ? validatePhoneNumberLength(compact)
    : validatePhoneNumberLength(compact, country);
  if (lengthProblem) return { ok: false, error: LENGTH_PROBLEMS[lengthProblem] ?? INVALID_LENGTH };
  const parsed = international ? parsePhoneNumberFromString(compact) : parsePhoneNumberFromString(compact, country);
  if (!parsed || !parsed.isPossible())
    return { ok: false, error: "This is not a possible phone number. Check the country code and the digits." };
  if (!parsed.isValid())
    return { ok: false, error: "This number does not exist in its country's numbering plan. Check the digits." };
  return { ok: true, e164: parsed.number, country: parsed.country };
}

/** The country a (partly typed) international number belongs to, as soon as it is clear. */
export function countryOfTyped(input: string): CountryCode | undefined {
  const compact = input
    .trim()
    .replace(/[\s().-]/g, "")
    .replace(/^00/, "+");
  if (!/^\+\d{4,}$/.test(compact)) return undefined;
  return parsePhoneNumberFromString(compact)?.country;
}

/**
 * The confirmation check: does `typed` (international, or national in the number's own
 * country) name the same number as `e164`? Compared after normalising both to E.164.
 */
export function samePhone(e164: string, typed: string): boolean {
  const country = parsePhoneNumberFromString(e164)?.country;
  const check = checkPhone(typed, country);
  return check.ok && check.e164 === e164;
}

/** "+447400123456" → "+44 7400 123456" for display. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** "+447400123456" → "07400 123456": how the number is written in its own country. */
export function formatPhoneNational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}
