import { StepProgress as Steps } from "@/components/shop/checkout/step-progress";

/** Number first (the usual way in). */
export const NUMBER_FIRST = ["Number", "Amount", "Review and pay"] as const;
/** Browsing a country's operators: the amount is chosen before the number. */
export const BROWSE_FIRST = ["Operator", "Amount", "Number", "Review and pay"] as const;

/** Where the buyer is in the top-up journey (1-based `current`). */
export function StepProgress({ current, steps = NUMBER_FIRST }: { current: number; steps?: readonly string[] }) {
  return <Steps label="Top-up steps" current={current} steps={steps} />;
}
