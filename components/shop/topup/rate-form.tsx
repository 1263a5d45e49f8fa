"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * The rate choice as a GET form (the choice lands in the URL, so back, refresh and a second
 * tab show the same step): the rate cards (`children`), the optional SMS notice, Continue.
 * Once hydrated, Continue without a rate says so inline instead of reloading the page.
 * `smsFee` comes formatted from the server: a price formatted here would build the browser's
 * first Intl formatter during hydration (20–40 ms of locale data).
 */
export function RateForm({
  action,
  hidden,
  sms,
  smsFee,
  submitLabel,
  children,
  serverError,
}: {
  action: string;
  hidden: Record<string, string>;
  sms: boolean;
  smsFee: string;
  submitLabel: string;
  children: ReactNode;
  serverError?: string;
}) {
  const t = useTranslations("TopupRates");
  const [error, setError] = useState<string | undefined>(serverError);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (form.querySelector('input[name="rate"]:checked')) return;
    event.preventDefault();
    setError(t("chooseAmountFirst"));
    // Into the visible tab's first card, so the keyboard is where the choice is made.
    form.querySelector<HTMLInputElement>('[role="tabpanel"]:not([hidden]) input[name="rate"]')?.focus();
  }

  return (
    <form
      action={action}
      method="get"
      onSubmit={onSubmit}
      onChange={() => setError(undefined)}
      className="flex flex-col gap-6"
      noValidate
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <label className="flex items-start gap-3 rounded-xl border border-border bg-surface p-4 text-sm has-checked:border-brand">
        <input
          type="checkbox"
          name="sms"
          value="1"
          defaultChecked={sms}
          className="mt-0.5 size-4 shrink-0 accent-brand"
        />
        <span>
          <span className="font-medium">{t("smsLabel")}</span>{" "}
          <span className="font-semibold text-brand tabular-nums">+{smsFee}</span>
          <span className="mt-0.5 block text-xs text-muted">{t("smsHint")}</span>
        </span>
      </label>
      {error ? (
        <p role="alert" id="rate-error" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
