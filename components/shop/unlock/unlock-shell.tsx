import type { ReactNode } from "react";
import { StepProgress } from "@/components/shop/checkout/step-progress";

export const UNLOCK_STEPS = ["Device", "Network", "Service", "IMEI and pay"] as const;

/** The unlock pages' column with the journey's step progress (1-based `step`). */
export function UnlockShell({ step, children }: { step: number; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:py-12">
      <StepProgress label="Unlock steps" current={step} steps={UNLOCK_STEPS} />
      {children}
    </div>
  );
}
