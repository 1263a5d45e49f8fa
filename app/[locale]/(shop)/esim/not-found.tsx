import { useTranslations } from "next-intl";
import { StatusMessage } from "@/components/shop/status-message";

export { generateMetadata } from "@/app/[locale]/not-found-metadata";

/** An unknown destination, a plan of another destination, or an eSIM line that is not yours. */
export default function EsimNotFound() {
  const t = useTranslations("Esim");
  const status = useTranslations("Status");
  return (
    <StatusMessage
      code="404"
      title={t("notFoundTitle")}
      back={status("backToShop")}
      action={{ href: "/esim", label: t("allDestinations") }}
    >
      {t("notFoundBody")}
    </StatusMessage>
  );
}
