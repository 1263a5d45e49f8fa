"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, type ReactNode } from "react";
import { EmailAndPay } from "./email-and-pay";

/** What every review's pay action answers besides a redirect to payment. */
export type ReviewPayState = { error?: string; emailError?: string; email?: string; priceChanged?: boolean };

/**
 * A review's pay form: the hidden fields that name what is bought (with the submission id made
 * when the review was first shown, so every submit is the same one order), the action's error,
 * any product-specific fields, then the email and "Pay".
 */
export function ReviewPayForm<S extends ReviewPayState>({
  action,
  hidden,
  hint,
  defaultEmail,
  totalText,
  className = "flex flex-col gap-4",
  children,
}: {
  action: (state: S, form: FormData) => Promise<S>;
  hidden: Record<string, string | number>;
  hint: string;
  defaultEmail?: string;
  totalText: string;
  className?: string;
  /** Fields between the error and the email, given the action's latest answer. */
  children?: (state: S) => ReactNode;
}) {
  const [state, formAction] = useActionState<S, FormData>(action, {} as Awaited<S>);
  const router = useRouter();
  // The server found a different price than this page shows: show the new one.
  useEffect(() => {
    if (state.priceChanged) router.refresh();
  }, [state, router]);

  return (
    <form action={formAction} className={className} noValidate>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      {children?.(state)}
      <EmailAndPay
        hint={hint}
        error={state.emailError}
        defaultEmail={state.email ?? defaultEmail}
        totalText={totalText}
      />
    </form>
  );
}
