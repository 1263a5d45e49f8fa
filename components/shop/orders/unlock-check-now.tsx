"use client";

import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";

export type CheckNowState = { message?: string; refused?: boolean };

/**
 * "Check now": asks the supplier for this unlock's status at once (limited per order on the
 * server: lib/fulfilment/unlock-actions.ts checkUnlockNow). The page follows by itself when the
 * status changes (OrderStatusPoller). Its words: "DeliveryUnlockClient", handed down by UnlockOrderSection.
 */
export function UnlockCheckNow({
  action,
}: {
  action: (state: CheckNowState, form: FormData) => Promise<CheckNowState>;
}) {
  const t = useTranslations("DeliveryUnlockClient");
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-3" data-testid="unlock-check-now">
      <SubmitButton variant="secondary" size="sm" pendingText={t("checking")}>
        <RefreshCw className="size-4" aria-hidden="true" />
        {t("checkNow")}
      </SubmitButton>
      <p
        role={state.refused ? "alert" : "status"}
        className={state.refused ? "text-sm text-danger" : "text-sm text-muted"}
      >
        {state.message ?? ""}
      </p>
    </form>
  );
}
