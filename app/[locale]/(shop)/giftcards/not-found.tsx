import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";

/** An unknown country code or a brand not sold in that country. */
export default function GiftcardNotFound() {
  const t = useTranslations("Giftcard");
  return (
    <div className="mx-auto max-w-3xl px-4 py-20">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("notFoundTitle")}</h1>
      <p className="mt-3 text-muted">{t("notFoundBody")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink href="/giftcards">{t("allGiftCards")}</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          {t("backToShop")}
        </ButtonLink>
      </div>
    </div>
  );
}
