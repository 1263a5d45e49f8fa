import { useTranslations } from "next-intl";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

/**
 * The end of every review form: the receipt email, the pay button with the total, and what
 * happens next. Rendered inside the review pages' client forms: those pages hand it the
 * "Checkout" messages (ClientMessages).
 */
export function EmailAndPay({
  hint,
  error,
  defaultEmail,
  totalText,
}: {
  hint: string;
  error?: string;
  defaultEmail?: string;
  totalText: string;
}) {
  const t = useTranslations("Checkout");
  return (
    <>
      <Field id="email" label={t("email")} hint={hint} error={error}>
        <Input
          {...fieldAria("email", { hint, error })}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={defaultEmail}
        />
      </Field>
      <SubmitButton pendingText={t("startingPayment")} className="h-12 w-full text-base">
        {t("pay", { total: totalText })}
      </SubmitButton>
      <p className="text-xs text-muted">{t("nextStep")}</p>
    </>
  );
}
