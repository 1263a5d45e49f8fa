import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";

/**
 * The supplier has switched travel eSIMs off (ESIM_DISABLED): a notice, not an error page.
 * Kept briefly in the page cache (data-page-cache="short", lib/page-cache/handler.mjs): a cached
 * notice reads no catalog, so the shop would not see eSIMs switched back on until the page's
 * own lifetime ran out.
 */
export function EsimDisabledNotice() {
  const t = useTranslations("Esim");
  return (
    <section
      aria-labelledby="esim-disabled-heading"
      className="rounded-xl border border-border bg-surface px-5 py-6"
      data-testid="esim-disabled"
      data-page-cache="short"
    >
      <h2 id="esim-disabled-heading" className="text-lg font-semibold">
        {t("disabledTitle")}
      </h2>
      <p className="mt-2 text-muted">{t("disabledBody")}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ButtonLink href="/topup">{t("mobileTopups")}</ButtonLink>
        <ButtonLink href="/giftcards" variant="secondary">
          {t("giftCards")}
        </ButtonLink>
      </div>
    </section>
  );
}
