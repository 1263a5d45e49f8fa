import { createHash } from "node:crypto";
import { parsePhoneNumberFromString, type NumberType } from "libphonenumber-js/max";
import type { CatalogState } from "./catalog-state";
import type { TopupOperator } from "./model";

// Carrier lookup: libphonenumber-js (full metadata) finds the country and checks the number;
// the operator is chosen deterministically from the country's carriers by the seed and the
// number's national prefix (first three digits of the national number), so every number of
// a prefix belongs to one carrier, as with real number ranges before porting.

export type CarrierLookup =
  | { ok: true; e164: string; carrier: TopupOperator; numberType: NumberType | undefined }
  | { ok: false; status: 400 | 404; code: string; message: string };

/** Accepts "+4474…", "4474…" (E.164 without the plus) or "004474…". */
function normalize(raw: string): string {
  const compact = raw.trim().replace(/[\s().-]/g, "");
  if (compact.startsWith("+")) return compact;
  if (compact.startsWith("00")) return `+${compact.slice(2)}`;
  return `+${compact}`;
}

export function lookupCarrier(state: CatalogState, raw: string): CarrierLookup {
  const candidate = normalize(raw);
  if (!/^\+\d{6,15}$/.test(candidate)) {
    return {
      ok: false,
      status: 400,
      code: "INVALID_PHONE_NUMBER",
      message: `"${raw}" is not an E.164 phone number (+ and 6 to 15 digits)`,
    };
  }
  const parsed = parsePhoneNumberFromString(candidate);
  if (!parsed || !parsed.isPossible() || !parsed.isValid()) {
    return {
      ok: false,
      status: 400,
      code: "INVALID_PHONE_NUMBER",
      message: `${candidate} is not a possible phone number in any numbering plan`,
    };
  }
  const numberType = parsed.getType();
  if (numberType === "FIXED_LINE" || numberType === "TOLL_FREE" || numberType === "PREMIUM_RATE") {
    return {
      ok: false,
      status: 400,
      code: "NOT_A_MOBILE_NUMBER",
      message: `${parsed.number} is a ${numberType.toLowerCase().replace("_", " ")} number; top-ups need a mobile number`,
    };
  }
  const iso = parsed.country?.toLowerCase();
  const carriers = iso ? state.carriers(iso) : [];
  if (!iso || carriers.length === 0) {
    return {
      ok: false,
      status: 404,
      code: "COUNTRY_NOT_SUPPORTED",
      message: `No top-up operators for ${iso ? iso.toUpperCase() : "this number's region"}`,
    };
  }
  const prefix = parsed.nationalNumber.slice(0, 3);
  const index =
    createHash("sha256").update(`${state.catalog.seed}:${iso}:${prefix}`).digest().readUInt32BE(0) % carriers.length;
  return { ok: true, e164: parsed.number, carrier: carriers[index]!, numberType };
}
