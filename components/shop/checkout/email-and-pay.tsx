import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

/** The end of every review form: the receipt email, the pay button with the total, and what happens next. */
export function EmailAndPay({ hint, error, defaultEmail, totalText }: { hint: string; error?: string; defaultEmail?: string; totalText: string }) {
  return (
    <>
      <Field id="email" label="Email" hint={hint} error={error}>
        <Input {...fieldAria("email", { hint, error })} name="email" type="email" autoComplete="email" required defaultValue={defaultEmail} />
      </Field>
      <SubmitButton pendingText="Starting payment…" className="h-12 w-full text-base">
        Pay {totalText}
      </SubmitButton>
      <p className="text-xs text-muted">You are taken to the payment page next. Nothing is charged until you confirm there.</p>
    </>
  );
}
