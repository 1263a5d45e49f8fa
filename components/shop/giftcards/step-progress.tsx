import { StepProgress } from "@/components/shop/checkout/step-progress";

const STEPS = ["Amount", "Review and pay"] as const;

/** Where the buyer is in buying a gift card (1-based `current`). */
export function GiftcardSteps({ current }: { current: 1 | 2 }) {
  return <StepProgress label="Gift card steps" current={current} steps={STEPS} />;
}
