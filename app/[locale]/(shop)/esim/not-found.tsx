import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";

/** An unknown destination, a plan of another destination, or an eSIM line that is not yours. */
export default function EsimNotFound() {
  const t = useTranslations("Esim");
  const status = useTranslations("Status");
  return (
    <div className="mx-auto max-w-3xl px-4 py-20">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("notFoundTitle")}</h1>
      <p className="mt-3 text-muted">{t("notFoundBody")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink href="/esim">{t("allDestinations")}</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          {status("backToShop")}
        </ButtonLink>
      </div>
    </div>
  );
}
