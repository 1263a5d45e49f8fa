import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InfoList, InfoPage, InfoSection } from "@/components/shop/info/info-page";
import { SHOP_NAME } from "@/lib/products";
import { pageLocale } from "@/lib/i18n/locale-param";

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "InfoPrivacy" });
  return { title: t("title") };
}

export default async function PrivacyPage({ params }: Params) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "InfoPrivacy" });
  return (
    <InfoPage title={t("title")} lead={t("lead", { shop: SHOP_NAME })} updated={t("updated")}>
      <InfoSection id="what" title={t("what.title")}>
        <InfoList items={[t("what.email"), t("what.order"), t("what.account"), t("what.security")]} />
      </InfoSection>
      <InfoSection id="why" title={t("why.title")}>
        <p>{t("why.body")}</p>
      </InfoSection>
      <InfoSection id="who" title={t("who.title")}>
        <InfoList items={[t("who.supplier"), t("who.payment")]} />
      </InfoSection>
      <InfoSection id="safety" title={t("safety.title")}>
        <p>{t("safety.body")}</p>
      </InfoSection>
      <InfoSection id="rights" title={t("rights.title")}>
        <p>{t("rights.body")}</p>
      </InfoSection>
    </InfoPage>
  );
}
