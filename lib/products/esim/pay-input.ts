import { z } from "zod";
import { EMAIL_MESSAGE, emailSchema } from "@/lib/validation/email";

// The eSIM review's pay form as the server reads it: nothing from the browser is trusted, so the
// destination and plan are only shaped here (./sale.ts checks them against the catalog) and the
// total is the one the buyer saw (the checkout compares it with a fresh quote).

export const ESIM_START_AGAIN = "This review is out of date. Please choose the plan again.";
export const EMAIL_MISSING = "Enter your email address: we send the receipt and your order link there.";
export const CONFIRM_DESTINATION = "Confirm that this is where you will use the eSIM.";

const paySchema = z.object({
  destination: z.string().regex(/^[a-z]{2}$/),
  plan: z.string().regex(/^[a-z0-9-]{1,100}$/),
  expectedTotalMinor: z.coerce.number().int().min(0),
  email: emailSchema.optional(),
});

export type EsimPayInput = z.infer<typeof paySchema> & { confirmed: boolean };

/** The form's fields, or what to say: a bad email by the email field, anything else "start again". */
export function readEsimPayForm(form: FormData): { ok: true; value: EsimPayInput } | { ok: false; emailError?: string; error?: string } {
  const typedEmail = String(form.get("email") ?? "").trim();
  const parsed = paySchema.safeParse({
    destination: form.get("destination") ?? "",
    plan: form.get("plan") ?? "",
    expectedTotalMinor: form.get("expectedTotalMinor") ?? "",
    email: typedEmail || undefined,
  });
  if (parsed.success) return { ok: true, value: { ...parsed.data, confirmed: form.get("confirmDestination") === "yes" } };
  const onlyEmail = parsed.error.issues.length === 1 && parsed.error.issues[0]!.path[0] === "email";
  return onlyEmail ? { ok: false, emailError: EMAIL_MESSAGE } : { ok: false, error: ESIM_START_AGAIN };
}
