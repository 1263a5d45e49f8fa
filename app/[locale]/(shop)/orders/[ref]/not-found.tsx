import { useTranslations } from "next-intl";
import { StatusMessage } from "@/components/shop/status-message";

export { generateMetadata } from "@/app/[locale]/not-found-metadata";

/** Unknown references and other people's orders look the same: not found. */
export default function OrderNotFound() {
  const t = useTranslations("OrderNotFound");
  const status = useTranslations("Status");
  return (
    <StatusMessage
      code="404"
      title={t("title")}
      back={status("backToShop")}
      action={{ href: "/account", label: t("yourOrders") }}
    >
      {t("body")}
    </StatusMessage>
  );
}
