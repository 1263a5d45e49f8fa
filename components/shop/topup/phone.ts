import { parsePhoneNumberFromString, validatePhoneNumberLength } from "libphonenumber-js/min";

// One phone check for the browser (instant inline error) and the server (the same rule again,
// never trusted from the browser). A top-up number is international: "+" and the country
// code, written with or without spaces, dashes or brackets; a leading "00" means "+".

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

export function checkPhone(input: string): PhoneCheck {
  const compact = input.trim().replace(/[\s().-]/g, "").replace(/^00/, "+");
  if (!compact) return { ok: false, error: "Enter the phone number to top up." };
  if (!compact.startsWith("+")) return { ok: false, error: `Start with + and the country code, for example ${PHONE_EXAMPLE}.` };
  if (!/^\+\d+$/.test(compact)) return { ok: false, error: "Use digits only after the + sign." };
  const lengthProblem = validatePhoneNumberLength(compact);
  if (lengthProblem) return { ok: false, error: LENGTH_PROBLEMS[lengthProblem] ?? INVALID_LENGTH };
  const parsed = parsePhoneNumberFromString(compact);
  if (!parsed || !parsed.isPossible()) return { ok: false, error: "This is not a possible phone number. Check the country code and the digits." };
  if (!parsed.isValid()) return { ok: false, error: "This number does not exist in its country's numbering plan. Check the digits." };
  return { ok: true, e164: parsed.number, country: parsed.country };
}

/** "+447400123456" → "+44 7400 123456" for display. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
