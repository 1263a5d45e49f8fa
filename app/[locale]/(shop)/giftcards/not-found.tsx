import { useTranslations } from "next-intl";
import { StatusMessage } from "@/components/shop/status-message";

export { generateMetadata } from "@/app/[locale]/not-found-metadata";

/** An unknown country code or a brand not sold in that country. */
export default function GiftcardNotFound() {
  const t = useTranslations("Giftcard");
  const status = useTranslations("Status");
  return (
    <StatusMessage
      code="404"
      title={t("notFoundTitle")}
      back={status("backToShop")}
      action={{ href: "/giftcards", label: t("allGiftCards") }}
    >
      {t("notFoundBody")}
    </StatusMessage>
  );
}
