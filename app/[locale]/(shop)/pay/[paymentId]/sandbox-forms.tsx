"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import { useFormStatus } from "react-dom";
import { Button } from "@/components/ui/button";
import type { SandboxActionState } from "./actions";

type Action = (state: SandboxActionState, form: FormData) => Promise<SandboxActionState>;

/** An error from the last action, announced and focused so keyboard and screen reader users notice it. */
function ActionError({ message }: { message?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-danger"
    >
      {message}
    </p>
  );
}

/** The three outcomes share one form, so while one is being sent all are disabled (no double submit). */
function OutcomeButtons() {
  const t = useTranslations("PaySandbox");
  const { pending, data } = useFormStatus();
  const sending = pending ? data?.get("outcome") : null;
  const common = { type: "submit", name: "outcome", disabled: pending, "aria-disabled": pending } as const;
  return (
    <div className="flex flex-col gap-3">
      <Button {...common} value="pay" size="lg" className="w-full" data-testid="sandbox-pay">
        {sending === "pay" ? t("paying") : t("pay")}
      </Button>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button {...common} value="decline" variant="secondary" className="w-full" data-testid="sandbox-decline">
          {sending === "decline" ? t("declining") : t("decline")}
        </Button>
        <Button {...common} value="abandon" variant="ghost" className="w-full" data-testid="sandbox-abandon">
          {sending === "abandon" ? t("leaving") : t("abandon")}
        </Button>
      </div>
    </div>
  );
}

export function SandboxOutcomeForm({ action }: { action: Action }) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} className="flex flex-col gap-3" aria-describedby="sandbox-outcomes">
      <ActionError message={state.error} />
      <OutcomeButtons />
    </form>
  );
}

function RetryButton({ label }: { label: string }) {
  const t = useTranslations("PaySandbox");
  const { pending } = useFormStatus();
  return (
    <Button
      type="submit"
      size="lg"
      disabled={pending}
      aria-disabled={pending}
      className="w-full sm:w-auto"
      data-testid="sandbox-retry"
    >
      {pending ? t("opening") : label}
    </Button>
  );
}

export function RetryPaymentForm({ action, label }: { action: Action; label: string }) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} className="flex flex-col gap-3">
      <ActionError message={state.error} />
      <RetryButton label={label} />
    </form>
  );
}
