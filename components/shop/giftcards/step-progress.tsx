import { useTranslations } from "next-intl";
import { StepProgress } from "@/components/shop/checkout/step-progress";

/** Where the buyer is in buying a gift card (1-based `current`). */
export function GiftcardSteps({ current }: { current: 1 | 2 }) {
  const t = useTranslations("GiftcardBuy");
  return <StepProgress label={t("steps")} current={current} steps={[t("stepAmount"), t("stepReview")]} />;
}
