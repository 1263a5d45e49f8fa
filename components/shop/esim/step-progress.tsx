import { useTranslations } from "next-intl";
import { StepProgress } from "@/components/shop/checkout/step-progress";

/** Where the buyer is in buying an eSIM (1-based `current`). */
export function EsimSteps({ current }: { current: 1 | 2 | 3 }) {
  const t = useTranslations("Esim");
  return (
    <StepProgress label={t("steps")} current={current} steps={[t("stepDestination"), t("stepPlan"), t("stepReview")]} />
  );
}
