import { imeiIssue } from "@/lib/validation/imei";

// The IMEI rule (lib/validation/imei.ts, its one home) as a problem the IMEI check's form and
// action word in the buyer's language: which of the rule's refusals it is, named as the
// "ImeiCheckForm" messages name them. Pure: the browser checks as the buyer types.

export type ImeiProblem =
  { key: "empty" } | { key: "digitsOnly" } | { key: "length"; count: number } | { key: "checkDigit" };

/** Why `imei` (normalised: normaliseImei) is refused, or null when the rule accepts it. */
export function imeiProblemOf(imei: string): ImeiProblem | null {
  const issue = imeiIssue(imei);
  if (!issue) return null;
  switch (issue.code) {
    case "notDigits":
      return { key: "digitsOnly" };
    case "length":
      return { key: "length", count: issue.length };
    default:
      return { key: issue.code };
  }
}
