// IMEI and the create_order suffixes (unlocking spec section 2), in one place: the unlock
// client builds its path value with these, and the storefront forms validate with the same
// rules. Pure (no server-only): browser code may import it.
import { z } from "zod";

/** Luhn over every digit: the last one is the check digit of the others. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
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

const IMEI_SHAPE = /^\d{15}$/;

/** Exactly 15 digits with a valid Luhn check digit. */
export function isValidImei(value: string): boolean {
  return IMEI_SHAPE.test(value) && luhnValid(value);
}

/**
 * What a person typed, made comparable: spaces, dots, slashes and hyphens removed
 * (IMEIs are often printed in groups, e.g. "49-015420-323751-8").
 */
export function normaliseImei(input: string): string {
  return input.replace(/[\s./-]/g, "");
}

/** What is wrong with an IMEI, for a buyer's form to word in its language; null when it is valid. */
export type ImeiIssue =
  { code: "empty" } | { code: "notDigits" } | { code: "length"; length: number } | { code: "checkDigit" };

export function imeiIssue(value: string): ImeiIssue | null {
  if (value === "") return { code: "empty" };
  if (!/^\d+$/.test(value)) return { code: "notDigits" };
  if (value.length !== 15) return { code: "length", length: value.length };
  if (!luhnValid(value)) return { code: "checkDigit" };
  return null;
}

/** Why an IMEI is not valid (a sentence for a form, in English: staff and logs), or null when it is. */
export function imeiProblem(value: string): string | null {
  const issue = imeiIssue(value);
  switch (issue?.code) {
    case undefined:
      return null;
    case "empty":
      return "Enter the 15-digit IMEI (dial *#06# to see it).";
    case "notDigits":
      return "The IMEI must contain digits only.";
    case "length":
      return `The IMEI must be exactly 15 digits (this one has ${issue.length}).`;
    case "checkDigit":
      return "This IMEI is not valid: its last digit (the check digit) does not match. Dial *#06# to see the number.";
  }
}

/** A form field: accepts grouped input, yields the bare 15 digits. */
export const imeiSchema = z
  .string()
  .transform(normaliseImei)
  .superRefine((value, ctx) => {
    const problem = imeiProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * An IMEI already stored in an order's detail: only its shape is checked on reading (the full rule,
 * Luhn included, ran when it was typed).
 */
export const storedImeiSchema = z.string().regex(IMEI_SHAPE);

/**
 * The tool flags that ask for a suffix, in the ORDER the suffixes follow the IMEI when a tool
 * needs several: the order of the spec's flag table, which is also what the emulator expects
 * (emulator/unlock/README.md, e.g. `490154203237518SNAB12-C3456PRD12345678…SROX1234567`).
 */
export const SUFFIX_FLAGS = ["sn", "prd", "pin", "mep", "sro"] as const;
export type SuffixFlag = (typeof SUFFIX_FLAGS)[number];

type SuffixFormat = {
  /** Anchored: the whole suffix, prefix included. */
  pattern: RegExp;
  /** The shape in words, for hints and error messages. */
  shape: string;
  example: string;
  /** What the buyer is asked for. */
  label: string;
};

// "Characters" in the spec's shapes are read as ASCII letters and digits (as the emulator does).
export const SUFFIX_FORMATS: Record<SuffixFlag, SuffixFormat> = {
  sn: {
    pattern: /^SN[A-Za-z0-9]{4,5}-[A-Za-z0-9]{5,7}$/,
    shape: "SN + 4 or 5 letters/digits + hyphen + 5 to 7 letters/digits",
    example: "SNAB12-C3456",
    label: "Serial number (also called KBH, reference or Provider ID)",
  },
  prd: { pattern: /^PRD[0-9]{8}$/, shape: "PRD + 8 digits", example: "PRD12345678", label: "PRD code" },
  pin: { pattern: /^PIN[A-Za-z0-9]{8}$/, shape: "PIN + 8 letters/digits", example: "PIN1234ABCD", label: "Phone PIN" },
  mep: {
    pattern: /^MEP-[0-9]{5}-[0-9]{3}$/,
    shape: "MEP + hyphen + 5 digits + hyphen + 3 digits",
    example: "MEP-12345-123",
    label: "MEP code",
  },
  sro: {
    pattern: /^SROX[A-Za-z0-9]{7,11}$/,
    shape: "SRO + capital X + 7 to 11 letters/digits",
    example: "SROX1234567",
    label: "SRO code",
  },
};

export function isValidSuffix(flag: SuffixFlag, value: string): boolean {
  return SUFFIX_FORMATS[flag].pattern.test(value);
}

/** One validator per flag, for forms that show one field per required suffix. */
export const suffixValidators: Record<SuffixFlag, (value: string) => boolean> = {
  sn: (v) => isValidSuffix("sn", v),
  prd: (v) => isValidSuffix("prd", v),
  pin: (v) => isValidSuffix("pin", v),
  mep: (v) => isValidSuffix("mep", v),
  sro: (v) => isValidSuffix("sro", v),
};

/** What is wrong with a suffix (spaces in it, or another shape), for a buyer's form to word; null when it is valid. */
export type SuffixIssue = "spaces" | "shape";

export function suffixIssue(flag: SuffixFlag, value: string): SuffixIssue | null {
  if (isValidSuffix(flag, value)) return null;
  return /\s/.test(value) ? "spaces" : "shape";
}

/** Why a suffix is not valid (a sentence for a form, in English: staff and logs), or null when it is. */
export function suffixProblem(flag: SuffixFlag, value: string): string | null {
  const issue = suffixIssue(flag, value);
  if (!issue) return null;
  const format = SUFFIX_FORMATS[flag];
  if (issue === "spaces")
    return `${format.label}: no spaces allowed (expected ${format.shape}, e.g. ${format.example}).`;
  return `${format.label}: expected ${format.shape}, e.g. ${format.example}.`;
}

export type Suffixes = Partial<Record<SuffixFlag, string>>;

/**
 * The `{imei}` path value of create_order: the IMEI, then each given suffix in SUFFIX_FLAGS
 * order, no spaces. Throws on an invalid IMEI or suffix; callers validate input first (forms
 * with imeiProblem/suffixProblem), so a throw here is a programming error.
 */
export function orderImeiValue(imei: string, suffixes: Suffixes = {}): string {
  const problem = imeiProblem(imei);
  if (problem) throw new RangeError(problem);
  let value = imei;
  for (const flag of SUFFIX_FLAGS) {
    const suffix = suffixes[flag];
    if (suffix === undefined) continue;
    const bad = suffixProblem(flag, suffix);
    if (bad) throw new RangeError(bad);
    value += suffix;
  }
  return value;
}
