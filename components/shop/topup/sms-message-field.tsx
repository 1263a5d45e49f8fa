"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { cn } from "@/lib/ui/cn";
import { SMS_TEXT_MAX } from "@/lib/products/topup/rules";

/**
 * The recipient's SMS message, optional, at most 140 characters, with a live count. The count
 * is read out with the field; screen readers hear it change only near the limit, not per key.
 */
export function SmsMessageField({ defaultValue = "", error }: { defaultValue?: string; error?: string }) {
  const t = useTranslations("TopupPay");
  const [text, setText] = useState(defaultValue);
  const left = SMS_TEXT_MAX - text.length;
  const describedBy = ["smsText-hint", "smsText-count", error ? "smsText-error" : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="smsText" className="text-sm font-medium">
        {t.rich("smsLabel", { muted: (chunks) => <span className="font-normal text-muted">{chunks}</span> })}
      </label>
      <textarea
        id="smsText"
        name="smsText"
        rows={3}
        maxLength={SMS_TEXT_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        placeholder={t("smsPlaceholder")}
        className="w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted aria-[invalid=true]:border-danger"
      />
      <div className="flex items-start justify-between gap-3 text-xs">
        <p id="smsText-hint" className="text-muted">
          {t("smsHint")}
        </p>
        <p
          id="smsText-count"
          className={cn("shrink-0 tabular-nums", left <= 10 ? "font-semibold text-danger" : "text-muted")}
          data-testid="sms-count"
        >
          {text.length}/{SMS_TEXT_MAX}
        </p>
      </div>
      <p className="sr-only" aria-live="polite">
        {left <= 20 ? t("charactersLeft", { left }) : ""}
      </p>
      {error ? (
        <p id="smsText-error" role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
