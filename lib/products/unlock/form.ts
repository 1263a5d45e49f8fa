import { z } from "zod";
import { SUFFIX_FLAGS, type SuffixFlag } from "@/lib/validation/imei";
import type { UnlockSaleChoice } from "./sale";

// The storefront's unlock order form: what its server action answers (app/(shop)/unlock/actions.ts)
// and how it reads what the form sent. Shared by the action and the client form; no server code here.

export type UnlockPayState = {
  /** A message for the whole form. */
  error?: string;
  emailError?: string;
  email?: string;
  /** Inline errors by field name: imei, checklist, or a suffix flag (sn, prd, pin, mep, sro). */
  fieldErrors?: Record<string, string>;
  priceChanged?: boolean;
};

export type UnlockPayFields = {
  brand: number;
  device: number;
  country: number;
  network: number;
  tool: number;
  expectedTotalMinor: number;
  expectedCurrency: string;
};

/** The pre-order checklist's checkboxes: each must be ticked. */
export const CHECKLIST = ["checkNetwork", "checkAttempts", "checkBlacklist"] as const;

const idField = z.coerce.number().int().min(0).max(1e12);
const paySchema = z.object({
  brand: idField,
  device: idField,
  country: idField,
  network: idField,
  tool: idField,
  expectedTotalMinor: z.coerce.number().int().min(0),
  expectedCurrency: z.string().regex(/^[A-Z]{3}$/),
});
const PAY_FIELDS = ["brand", "device", "country", "network", "tool", "expectedTotalMinor", "expectedCurrency"] as const;

export type UnlockForm = {
  choice: UnlockSaleChoice;
  expectedTotalMinor: number;
  /** The currency of that total. */
  expectedCurrency: string;
  checklistTicked: boolean;
};

/** The form as sent (the IMEI and suffixes as typed: the sale step checks them); null when its hidden fields are not the form's. */
export function readUnlockForm(form: FormData): UnlockForm | null {
  const parsed = paySchema.safeParse(Object.fromEntries(PAY_FIELDS.map((k) => [k, form.get(k) ?? ""])));
  if (!parsed.success) return null;
  const { expectedTotalMinor, expectedCurrency, ...ids } = parsed.data;
  const suffixes: Partial<Record<SuffixFlag, string>> = {};
  for (const flag of SUFFIX_FLAGS) if (form.get(flag) !== null) suffixes[flag] = String(form.get(flag));
  return {
    choice: { ...ids, imei: String(form.get("imei") ?? ""), suffixes },
    expectedTotalMinor,
    expectedCurrency,
    checklistTicked: CHECKLIST.every((name) => form.get(name) === "on"),
  };
}
