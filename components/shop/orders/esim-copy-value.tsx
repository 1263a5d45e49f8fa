"use client";

import { Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";

/** One value for manual entry (LPA string, SM-DP+ address, matching ID, ICCID) with a copy button. Its words: "DeliveryEsimCopy", handed down by EsimDelivery. */
export function EsimCopyValue({
  id,
  label,
  value,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  testId: string;
}) {
  const toast = useToast();
  const t = useTranslations("DeliveryEsimCopy");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast(t("copied", { label }), "ok");
    } catch {
      toast(t("copyFailed"), "danger");
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <dt id={`${id}-label`} className="text-sm text-muted">
        {label}
      </dt>
      <dd className="flex items-stretch gap-2">
        <code
          className="min-w-0 flex-1 rounded-lg border border-border bg-surface-muted px-3 py-2 font-mono text-sm break-all select-all"
          data-testid={testId}
        >
          {value}
        </code>
        <Button variant="secondary" size="sm" onClick={copy} className="h-auto shrink-0">
          <Copy className="size-4" aria-hidden="true" />
          {t("copy")}
          <span className="sr-only"> {label}</span>
        </Button>
      </dd>
    </div>
  );
}
