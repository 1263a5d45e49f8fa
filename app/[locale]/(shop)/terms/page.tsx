import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InfoList, InfoPage, InfoSection } from "@/components/shop/info/info-page";
import { infoLink } from "@/components/shop/info/info-link";
import { SHOP_NAME } from "@/lib/products";
import { pageLocale } from "@/lib/i18n/locale-param";

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "InfoTerms" });
  return { title: t("title") };
}

export default async function TermsPage({ params }: Params) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "InfoTerms" });
  return (
    <InfoPage title={t("title")} lead={t("lead", { shop: SHOP_NAME })} updated={t("updated")}>
      <InfoSection id="what" title={t("what.title")}>
        <p>{t("what.body", { shop: SHOP_NAME })}</p>
      </InfoSection>
      <InfoSection id="prices" title={t("prices.title")}>
        <InfoList items={[t("prices.shown"), t("prices.confirmed"), t("prices.placed")]} />
      </InfoSection>
      <InfoSection id="delivery" title={t("delivery.title")}>
        <p>{t("delivery.body")}</p>
      </InfoSection>
      <InfoSection id="your-part" title={t("yourPart.title")}>
        <InfoList items={[t("yourPart.details"), t("yourPart.compatible"), t("yourPart.private")]} />
      </InfoSection>
      <InfoSection id="withdrawal" title={t("withdrawal.title")}>
        <p>{t.rich("withdrawal.body", { link: infoLink("/refunds") })}</p>
      </InfoSection>
    </InfoPage>
  );
}
