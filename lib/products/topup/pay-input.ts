import { z } from "zod";
import { emailSchema } from "@/lib/validation/email";
import { checkPhone } from "@/lib/validation/phone";
import { confirmProblem, SMS_TEXT_MAX, type ConfirmProblem } from "./rules";
import type { TopupSaleChoice } from "./sale";

// The storefront's "Pay" form on the review step, read and checked before anything is looked
// up or ordered: the number (and its second entry, which must name the same number), the
// operator, the rate, the SMS choice and text, the total the buyer saw and the email. What the
// buyer typed comes back with every refusal, so the form keeps it. A refusal is a set of codes:
// the action words them in the buyer's language (app/[locale]/(shop)/topup/actions.ts).

/** The review form's state after a refused submit, in the buyer's words (what components/shop/topup/pay-form.tsx shows). */
export type PayState = {
  error?: string;
  emailError?: string;
  email?: string;
  confirmError?: string;
  confirmPhone?: string;
  smsText?: string;
  smsTextError?: string;
  priceChanged?: boolean;
};

/** What is wrong with a refused form: the review is out of date (start again), or a field the buyer can fix. */
export type PayProblems = { startAgain?: true; email?: true; confirm?: ConfirmProblem; smsTooLong?: true };

const paySchema = z.object({
  phone: z.string().transform((value, ctx) => {
    const result = checkPhone(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    return result.e164;
  }),
  confirmPhone: z.string().max(40),
  operator: z.string().regex(/^\d{1,12}$/),
  rate: z.string().regex(/^[\w.:-]{1,200}$/),
  sms: z.enum(["1", ""]).transform((v) => v === "1"),
  smsText: z.string().trim().max(SMS_TEXT_MAX),
  expectedTotalMinor: z.coerce.number().int().min(0),
  expectedCurrency: z.string().regex(/^[A-Z]{3}$/),
  email: emailSchema.optional(),
});

export type PayInput = {
  /** What the buyer typed, for every answer. */
  keep: PayState;
  choice: TopupSaleChoice & { operator: string };
  /** What identifies the review for its submission (lib/orders/submitter.ts). */
  review: Record<string, unknown>;
  expectedTotalMinor: number;
  /** The currency of that total. */
  expectedCurrency: string;
  email?: string;
};

export function readPayInput(
  form: FormData,
): { ok: true; input: PayInput } | { ok: false; keep: PayState; problems: PayProblems } {
  const typed = {
    email: String(form.get("email") ?? "").trim(),
    confirmPhone: String(form.get("confirmPhone") ?? ""),
    smsText: String(form.get("smsText") ?? ""),
  };
  const keep: PayState = { email: typed.email, confirmPhone: typed.confirmPhone, smsText: typed.smsText };
  const parsed = paySchema.safeParse({
    phone: form.get("phone") ?? "",
    confirmPhone: typed.confirmPhone,
    operator: form.get("operator") ?? "",
    rate: form.get("rate") ?? "",
    sms: form.get("sms") ?? "",
    smsText: typed.smsText,
    expectedTotalMinor: form.get("expectedTotalMinor") ?? "",
    expectedCurrency: form.get("expectedCurrency") ?? "",
    email: typed.email || undefined,
  });
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const problems: PayProblems = {};
    if (fields.has("email")) problems.email = true;
    if (fields.has("smsText")) problems.smsTooLong = true;
    if (fields.has("confirmPhone")) problems.confirm = "mismatch";
    const inline = ["email", "smsText", "confirmPhone"];
    if ([...fields].some((field) => !inline.includes(field))) problems.startAgain = true;
    return { ok: false, keep, problems };
  }
  const { phone, confirmPhone, operator, rate, sms, expectedTotalMinor, expectedCurrency, email } = parsed.data;
  // The second entry must name the same number, before anything is looked up or ordered.
  const confirm = confirmProblem(phone, confirmPhone);
  if (confirm) return { ok: false, keep, problems: { confirm } };
  const smsText = sms && parsed.data.smsText ? parsed.data.smsText : undefined;
  return {
    ok: true,
    input: {
      keep,
      choice: { phone, operator, rate, sms, smsText },
      review: { phone, operator, rate, sms, smsText: smsText ?? null },
      expectedTotalMinor,
      expectedCurrency,
      email,
    },
  };
}
