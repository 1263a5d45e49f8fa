import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InfoPage, InfoSection } from "@/components/shop/info/info-page";
import { infoLink } from "@/components/shop/info/info-link";
import { pageLocale } from "@/lib/i18n/locale-param";

type Params = { params: Promise<{ locale: string }> };

// The questions in the order they are shown; each has a "q" and an "a" in InfoFaq.questions.
const QUESTIONS = [
  "account",
  "closedPage",
  "speed",
  "esimPhones",
  "esimInstall",
  "wrongNumber",
  "giftcardSafe",
  "imeiCheck",
  "payment",
] as const;

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "InfoFaq" });
  return { title: t("title") };
}

export default async function FaqPage({ params }: Params) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "InfoFaq" });
  return (
    <InfoPage title={t("title")} lead={t("lead")}>
      <InfoSection title={t("section")}>
        <dl className="flex flex-col gap-5">
          {QUESTIONS.map((key) => (
            <div key={key}>
              <dt className="font-semibold">{t(`questions.${key}.q`)}</dt>
              <dd className="mt-1 text-muted">{t(`questions.${key}.a`)}</dd>
            </div>
          ))}
        </dl>
      </InfoSection>
      <p className="text-sm text-muted">{t.rich("refunds", { link: infoLink("/refunds") })}</p>
    </InfoPage>
  );
}
