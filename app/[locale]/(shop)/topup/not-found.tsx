import { useTranslations } from "next-intl";
import { StatusMessage } from "@/components/shop/status-message";

export { generateMetadata } from "@/app/[locale]/not-found-metadata";

/** An unknown country code or operator id in a top-up link. */
export default function TopupNotFound() {
  const t = useTranslations("Topup");
  const status = useTranslations("Status");
  return (
    <StatusMessage
      code="404"
      title={t("notFound.title")}
      back={status("backToShop")}
      action={{ href: "/topup", label: t("notFound.topUp") }}
    >
      {t("notFound.body")}
    </StatusMessage>
  );
}
