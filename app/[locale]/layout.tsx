import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Document } from "@/components/document";
import { enterLocale } from "@/lib/i18n/locale-param";
import { LOCALES, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { clientMessages } from "@/lib/i18n/messages";
import { SHOP_NAME } from "@/lib/products";

type Params = { params: Promise<{ locale: string }> };

export function generateStaticParams(): { locale: Locale }[] {
  return LOCALES.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await enterLocale(params), namespace: "Metadata" });
  return { title: { default: t("title", { shop: SHOP_NAME }), template: `%s · ${SHOP_NAME}` }, description: t("description") };
}

// The buyer pages' document, in the page's language ([16]). Reads nothing of the request, so
// catalog pages below it can be cached ([13]); the layouts of per-request pages opt out
// themselves (app/[locale]/(shop)/layout.tsx). Client components get only the messages they use.
export default async function LocaleLayout({ children, params }: Params & { children: ReactNode }) {
  const locale = await enterLocale(params);
  return (
    <Document lang={locale}>
      <NextIntlClientProvider locale={locale} messages={clientMessages(locale)}>
        {children}
      </NextIntlClientProvider>
    </Document>
  );
}
