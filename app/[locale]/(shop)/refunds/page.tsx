import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InfoList, InfoPage, InfoSection } from "@/components/shop/info/info-page";
import { infoLink } from "@/components/shop/info/info-link";
import { pageLocale } from "@/lib/i18n/locale-param";
import { UNLOCK_CANCEL_WINDOW_MS } from "@/lib/products/unlock/cancel-window";

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "InfoRefunds" });
  return { title: t("title") };
}

// The refund rules follow what the two suppliers allow (shared/spec: a placed unlock can be
// cancelled for 10 minutes; a failed or unavailable order is refunded) and what the order core
// does (docs/orders.md: an order that fails after payment is refunded automatically). The cancel
// window is the one the order page and the server use, so the page cannot drift from them.
export default async function RefundsPage({ params }: Params) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "InfoRefunds" });
  const cancelMinutes = UNLOCK_CANCEL_WINDOW_MS / 60_000;
  return (
    <InfoPage title={t("title")} lead={t("lead")} updated={t("updated")}>
      <InfoSection id="automatic" title={t("automatic.title")}>
        <p>{t("automatic.body")}</p>
      </InfoSection>
      <InfoSection id="topup" title={t("topup.title")}>
        <InfoList items={[t("topup.sent"), t("topup.check"), t("topup.refused")]} />
      </InfoSection>
      <InfoSection id="esim" title={t("esim.title")}>
        <InfoList items={[t("esim.delivered"), t("esim.compatible"), t("esim.notIssued")]} />
      </InfoSection>
      <InfoSection id="giftcard" title={t("giftcard.title")}>
        <InfoList items={[t("giftcard.money"), t("giftcard.notDelivered"), t("giftcard.refused")]} />
      </InfoSection>
      <InfoSection id="unlock" title={t("unlock.title")}>
        <InfoList
          items={[t("unlock.cancel", { minutes: cancelMinutes }), t("unlock.unavailable"), t("unlock.delivered")]}
        />
      </InfoSection>
      <InfoSection id="imeicheck" title={t("imeicheck.title")}>
        <InfoList items={[t("imeicheck.runs"), t("imeicheck.unrecognised")]} />
      </InfoSection>
      <p className="text-sm text-muted">{t.rich("questions", { link: infoLink("/contact") })}</p>
    </InfoPage>
  );
}
