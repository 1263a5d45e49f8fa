import { z } from "zod";
import { emailSchema } from "@/lib/validation/email";

// The eSIM review's pay form as the server reads it: nothing from the browser is trusted, so the
// destination and plan are only shaped here (./sale.ts checks them against the catalog) and the
// total is the one the buyer saw (the checkout compares it with a fresh quote). What is wrong is
// a code: the pay action words it in the buyer's language (messages/*.json, "EsimReview").

/** A form the server cannot use: a bad email (said by the email field), or anything else ("start again"). */
export type EsimPayProblem = "email" | "startAgain";

const paySchema = z.object({
  destination: z.string().regex(/^[a-z]{2}$/),
  plan: z.string().regex(/^[a-z0-9-]{1,100}$/),
  expectedTotalMinor: z.coerce.number().int().min(0),
  expectedCurrency: z.string().regex(/^[A-Z]{3}$/),
  email: emailSchema.optional(),
});

export type EsimPayInput = z.infer<typeof paySchema> & { confirmed: boolean };

/** The form's fields, or what is wrong with them. */
export function readEsimPayForm(
  form: FormData,
): { ok: true; value: EsimPayInput } | { ok: false; problem: EsimPayProblem } {
  const typedEmail = String(form.get("email") ?? "").trim();
  const parsed = paySchema.safeParse({
    destination: form.get("destination") ?? "",
    plan: form.get("plan") ?? "",
    expectedTotalMinor: form.get("expectedTotalMinor") ?? "",
    expectedCurrency: form.get("expectedCurrency") ?? "",
    email: typedEmail || undefined,
  });
  if (parsed.success)
    return { ok: true, value: { ...parsed.data, confirmed: form.get("confirmDestination") === "yes" } };
  const onlyEmail = parsed.error.issues.length === 1 && parsed.error.issues[0]!.path[0] === "email";
  return { ok: false, problem: onlyEmail ? "email" : "startAgain" };
}
