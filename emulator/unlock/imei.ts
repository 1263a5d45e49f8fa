// IMEI rules shared by ordering and the IMEI check: 15 digits with a Luhn check digit, and
// the suffixes a tool's flags require after the IMEI in create_order (spec section 2).

export const IMEI_PATTERN = /^\d{15}$/;

/** Luhn over all 15 digits: the last one is the check digit of the first fourteen. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Why a bare IMEI is not valid, or null when it is. */
export function imeiProblem(imei: string): string | null {
  if (/\s/.test(imei)) return "The IMEI must not contain spaces";
  if (!IMEI_PATTERN.test(imei)) return `The IMEI must be exactly 15 digits (got "${imei}")`;
  if (!luhnValid(imei)) return `The IMEI ${imei} has a wrong check digit (Luhn)`;
  return null;
}

export const TOOL_FLAGS = ["sn", "prd", "pin", "mep", "sro"] as const;
export type ToolFlag = (typeof TOOL_FLAGS)[number];

/**
 * Suffix shapes, in the order they must follow the IMEI when a tool needs several (the order of
 * the spec's flag table: sn, prd, pin, mep, sro). "Characters" are ASCII letters and digits.
 */
export const SUFFIX_FORMATS: Record<ToolFlag, { pattern: string; shape: string; example: string; label: string }> = {
  sn: {
    pattern: "SN[A-Za-z0-9]{4,5}-[A-Za-z0-9]{5,7}",
    shape: "SN + 4 or 5 characters + '-' + 5 to 7 characters",
    example: "SNAB12-C3456",
    label: "serial number (KBH, reference or Provider ID)",
  },
  prd: { pattern: "PRD[0-9]{8}", shape: "PRD + 8 digits", example: "PRD12345678", label: "PRD" },
  pin: { pattern: "PIN[A-Za-z0-9]{8}", shape: "PIN + 8 characters", example: "PIN1234ABCD", label: "phone PIN" },
  mep: {
    pattern: "MEP-[0-9]{5}-[0-9]{3}",
    shape: "MEP + '-' + 5 digits + '-' + 3 digits",
    example: "MEP-12345-123",
    label: "MEP",
  },
  sro: {
    pattern: "SROX[A-Za-z0-9]{7,11}",
    shape: "SRO + capital X + 7 to 11 characters",
    example: "SROX1234567",
    label: "SRO",
  },
};

export type ParsedOrderImei = { ok: true; imei: string } | { ok: false; info: string };

/** Splits create_order's {imei} segment into the IMEI and checks the exact suffixes `flags` require. */
export function parseOrderImei(value: string, flags: readonly ToolFlag[]): ParsedOrderImei {
  if (/\s/.test(value)) return { ok: false, info: "The IMEI value must not contain spaces" };
  const imei = value.slice(0, 15);
  const problem = imeiProblem(imei);
  if (problem) return { ok: false, info: problem };

  const required = TOOL_FLAGS.filter((f) => flags.includes(f));
  const rest = value.slice(15);
  const expected = required.map((f) => SUFFIX_FORMATS[f].example).join("");
  const hint = required.length
    ? `This tool needs the IMEI followed by ${required.map((f) => `${f} (${SUFFIX_FORMATS[f].shape})`).join(", then ")}, e.g. ${imei}${expected}`
    : "This tool needs the bare 15-digit IMEI, without a suffix";

  if (new RegExp(`^${required.map((f) => SUFFIX_FORMATS[f].pattern).join("")}$`).test(rest)) return { ok: true, imei };

  // Name the first suffix that is missing or malformed, to make the message actionable.
  for (let k = 1; k <= required.length; k++) {
    const prefix = new RegExp(
      `^${required
        .slice(0, k)
        .map((f) => SUFFIX_FORMATS[f].pattern)
        .join("")}`,
    );
    if (!prefix.test(rest)) return { ok: false, info: `Missing or malformed ${required[k - 1]} suffix. ${hint}` };
  }
  return { ok: false, info: `Unexpected characters after the IMEI${required.length ? " suffixes" : ""}. ${hint}` };
}
