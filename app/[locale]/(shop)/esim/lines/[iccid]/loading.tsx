import { useTranslations } from "next-intl";
import { GiftcardLoading } from "@/components/shop/giftcards/loading-skeleton";

export default function Loading() {
  const t = useTranslations("EsimLine");
  return <GiftcardLoading label={t("loading")} tiles={2} wide={false} />;
}
