import { z } from "zod";
import { emailSchema } from "@/lib/validation/email";

// The gift card review's pay form as the server reads it: nothing from the browser is trusted, so
// the country, brand and denomination are only shaped here (./sale.ts checks them against the
// catalog) and the total is the one the buyer saw (the checkout compares it with a fresh quote).
// What is wrong is answered as a problem, which the action words in the buyer's language.

const paySchema = z.object({
  country: z.string().regex(/^[a-z]{2}$/),
  brand: z.string().regex(/^[a-z0-9-]{1,80}$/),
  denomination: z.string().regex(/^[\w.:-]{1,200}$/),
  expectedTotalMinor: z.coerce.number().int().min(0),
  expectedCurrency: z.string().regex(/^[A-Z]{3}$/),
  email: emailSchema.optional(),
});

export type GiftcardPayInput = z.infer<typeof paySchema>;

/** What is wrong with a sent form: a bad email (said by the email field), or anything else ("start again"). */
export type GiftcardPayProblem = "email" | "startAgain";

/** The form's fields, or its problem. */
export function readGiftcardPayForm(
  form: FormData,
): { ok: true; value: GiftcardPayInput } | { ok: false; problem: GiftcardPayProblem } {
  const typedEmail = String(form.get("email") ?? "").trim();
  const parsed = paySchema.safeParse({
    country: form.get("country") ?? "",
    brand: form.get("brand") ?? "",
    denomination: form.get("denomination") ?? "",
    expectedTotalMinor: form.get("expectedTotalMinor") ?? "",
    expectedCurrency: form.get("expectedCurrency") ?? "",
    email: typedEmail || undefined,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const onlyEmail = parsed.error.issues.length === 1 && parsed.error.issues[0]!.path[0] === "email";
  return { ok: false, problem: onlyEmail ? "email" : "startAgain" };
}
