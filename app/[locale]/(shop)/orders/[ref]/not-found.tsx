import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";

/** Unknown references and other people's orders look the same: not found. */
export default function OrderNotFound() {
  const t = useTranslations("OrderNotFound");
  return (
    <div className="mx-auto max-w-3xl px-4 py-20">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted">{t("body")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink href="/account">{t("yourOrders")}</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          {t("backToShop")}
        </ButtonLink>
      </div>
    </div>
  );
}
