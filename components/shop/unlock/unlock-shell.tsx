import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { StepProgress } from "@/components/shop/checkout/step-progress";

export const UNLOCK_STEPS = ["device", "network", "service", "pay"] as const;

/** The unlock pages' column with the journey's step progress (1-based `step`). */
export function UnlockShell({ step, children }: { step: number; children: ReactNode }) {
  const t = useTranslations("Unlock.steps");
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:py-12">
      <StepProgress label={t("label")} current={step} steps={UNLOCK_STEPS.map((name) => t(name))} />
      {children}
    </div>
  );
}
