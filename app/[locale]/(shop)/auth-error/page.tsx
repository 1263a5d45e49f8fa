import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StatusMessage } from "@/components/shop/status-message";
import { pageLocale } from "@/lib/i18n/locale-param";

// Auth.js's error page (pages.error in lib/auth/config.ts), in the shop's frame: where a sign-in
// that failed on the server (error=Configuration) or any other Auth.js error lands. The code in
// the address means nothing to a buyer and is not shown; the way on is to sign in again.

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "Error" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function AuthErrorPage({ params }: Params) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Error" });
  const auth = await getTranslations({ locale, namespace: "AccountAuth" });
  const recovery = await getTranslations({ locale, namespace: "AccountRecoveryForms" });
  const status = await getTranslations({ locale, namespace: "Status" });
  return (
    <StatusMessage
      code={auth("signInTitle")}
      title={t("title")}
      back={status("backToShop")}
      action={{ href: "/account/sign-in", label: recovery("backToSignIn") }}
    >
      {t("body")}
    </StatusMessage>
  );
}
