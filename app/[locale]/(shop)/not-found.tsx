import { useTranslations } from "next-intl";
import { StatusMessage } from "@/components/shop/status-message";

export { generateMetadata } from "@/app/[locale]/not-found-metadata";

// notFound() on a shop page: the message inside the shop's own frame (its layout), not a second one.
export default function ShopNotFound() {
  const t = useTranslations("Status");
  return (
    <StatusMessage code="404" title={t("notFoundTitle")} back={t("backToShop")}>
      {t("notFoundBody")}
    </StatusMessage>
  );
}
