import { z } from "zod";

// The storefront's IMEI check form: what its server action answers (app/(shop)/imei-check/actions.ts)
// and how it reads what the form sent. Shared by the action and the client form; no server code here.

export type ImeiCheckPayState = {
  error?: string;
  emailError?: string;
  email?: string;
  imeiError?: string;
  priceChanged?: boolean;
};

const paySchema = z.object({
  expectedTotalMinor: z.coerce.number().int().min(0),
  expectedCurrency: z.string().regex(/^[A-Z]{3}$/),
});

/** The IMEI as typed (the sale step checks it) and the total the buyer saw, with its currency; null when they are not the form's. */
export function readImeiCheckForm(
  form: FormData,
): { imei: string; expectedTotalMinor: number; expectedCurrency: string } | null {
  const parsed = paySchema.safeParse({
    expectedTotalMinor: form.get("expectedTotalMinor") ?? "",
    expectedCurrency: form.get("expectedCurrency") ?? "",
  });
  return parsed.success ? { imei: String(form.get("imei") ?? ""), ...parsed.data } : null;
}
