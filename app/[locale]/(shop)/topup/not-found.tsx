import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";

/** An unknown country code or operator id in a top-up link. */
export default function TopupNotFound() {
  const t = useTranslations("Topup");
  return (
    <div className="mx-auto max-w-3xl px-4 py-20">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="mt-3 text-muted">{t("notFound.body")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink href="/topup">{t("notFound.topUp")}</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          {t("notFound.backToShop")}
        </ButtonLink>
      </div>
    </div>
  );
}
