import { samePhone } from "@/lib/validation/phone";

// The journey's fixed rules, shared by the browser (instant inline errors) and the server (the
// same rules again). A plain module: "use client" files cannot export values to server code.

/** The upstream's SMS notice fee (commerce-api-v2.md: 0.99 EUR); the review shows the quoted one. */
export const SMS_FEE_HINT_MINOR = 99;

/** The upstream's limit for `sms_text` (commerce-api-v2.md; checked again by the quote). */
export const SMS_TEXT_MAX = 140;

/**
 * Why the number typed again on the review is refused, as a code: the browser and the action
 * word it in the buyer's language (messages: TopupPay.confirm.*). Null when it names the number.
 */
export type ConfirmProblem = "mismatch" | "empty";

export function confirmProblem(e164: string, typed: string): ConfirmProblem | null {
  if (samePhone(e164, typed)) return null;
  return typed.trim() ? "mismatch" : "empty";
}
