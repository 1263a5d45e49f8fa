import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { InfoList, InfoPage, InfoSection } from "@/components/shop/info/info-page";
import { infoLink } from "@/components/shop/info/info-link";
import { supportAddress } from "@/lib/mail/links";
import { pageLocale } from "@/lib/i18n/locale-param";

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "InfoContact" });
  return { title: t("title") };
}

export default async function ContactPage({ params }: Params) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "InfoContact" });
  const address = supportAddress();
  const mail = (chunks: ReactNode) => (
    <a href={`mailto:${address}`} className="font-medium text-brand underline-offset-4 hover:underline">
      {chunks}
    </a>
  );
  return (
    <InfoPage title={t("title")} lead={t("lead")}>
      <InfoSection id="write" title={t("write.title")}>
        <p>{t.rich("write.body", { address, mail })}</p>
        <p>{t("write.include")}</p>
        <InfoList items={[t("write.reference"), t("write.what"), t("write.phone")]} />
        <p className="text-sm text-muted">{t("write.never")}</p>
      </InfoSection>
      <InfoSection id="self-help" title={t("selfHelp.title")}>
        <InfoList
          items={[
            t.rich("selfHelp.orderPage", { account: infoLink("/account", { prefetch: false }) }),
            t.rich("selfHelp.links", { faq: infoLink("/faq"), refunds: infoLink("/refunds") }),
          ]}
        />
      </InfoSection>
    </InfoPage>
  );
}
