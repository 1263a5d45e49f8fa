import { StepProgress } from "@/components/shop/checkout/step-progress";

const STEPS = ["Destination", "Plan", "Review and pay"] as const;

/** Where the buyer is in buying an eSIM (1-based `current`). */
export function EsimSteps({ current }: { current: 1 | 2 | 3 }) {
  return <StepProgress label="eSIM steps" current={current} steps={STEPS} />;
}
