import { imeiProblem } from "@/lib/validation/imei";

// The IMEI rule (lib/validation/imei.ts, its one home) as a problem the IMEI check's form and
// action word in the buyer's language ([16]): which of the rule's refusals it is, never a second
// copy of the rule. Pure: the browser checks as the buyer types.

export type ImeiProblem = { key: "empty" } | { key: "digitsOnly" } | { key: "length"; count: number } | { key: "checkDigit" };

/** Why `imei` (normalised: normaliseImei) is refused, or null when the rule accepts it. */
export function imeiProblemOf(imei: string): ImeiProblem | null {
  if (imeiProblem(imei) === null) return null;
  if (imei === "") return { key: "empty" };
  if (!/^\d+$/.test(imei)) return { key: "digitsOnly" };
  if (imei.length !== 15) return { key: "length", count: imei.length };
  return { key: "checkDigit" };
}
