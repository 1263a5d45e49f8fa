import { useTranslations } from "next-intl";
import { StepProgress as Steps } from "@/components/shop/checkout/step-progress";

// The steps as message keys (Topup.steps.*), named in the page's language when drawn.
type Step = "number" | "amount" | "operator" | "review";

/** Number first (the usual way in). */
export const NUMBER_FIRST: readonly Step[] = ["number", "amount", "review"];
/** Browsing a country's operators: the amount is chosen before the number. */
export const BROWSE_FIRST: readonly Step[] = ["operator", "amount", "number", "review"];

/** Where the buyer is in the top-up journey (1-based `current`). */
export function StepProgress({ current, steps = NUMBER_FIRST }: { current: number; steps?: readonly Step[] }) {
  const t = useTranslations("Topup");
  return <Steps label={t("stepsLabel")} current={current} steps={steps.map((step) => t(`steps.${step}`))} />;
}
