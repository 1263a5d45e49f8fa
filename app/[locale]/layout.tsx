import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Document, DOCUMENT_ICONS, DOCUMENT_VIEWPORT } from "@/components/document";
import { ErrorTextProvider } from "@/components/error-message";
import { pageLocale } from "@/lib/i18n/locale-param";
import { LOCALES, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { SHOP_NAME } from "@/lib/products";
import "../globals.css";

type Params = { params: Promise<{ locale: string }> };

export function generateStaticParams(): { locale: Locale }[] {
  return LOCALES.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "Metadata" });
  return {
    title: { default: t("title", { shop: SHOP_NAME }), template: `%s · ${SHOP_NAME}` },
    description: t("description"),
    icons: DOCUMENT_ICONS,
  };
}

export const viewport = DOCUMENT_VIEWPORT;

// The buyer pages' root layout (docs/i18n.md): its [locale] segment is a root parameter, which is
// how every server component below learns its language (next/root-params, lib/i18n/request.ts). Its
// document is in the page's language and reads nothing of the request, so catalog pages below it
// can be cached; the layouts of per-request pages opt out themselves
// (app/[locale]/(shop)/layout.tsx). No next-intl provider here: the frame's client parts get their
// words from server components, and a form that translates in the browser gets its messages from
// its page (components/client-messages.tsx).
export default async function LocaleLayout({ children, params }: Params & { children: ReactNode }) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Error" });
  return (
    <Document lang={locale}>
      <ErrorTextProvider text={{ title: t("title"), body: t("body"), reference: t("reference"), retry: t("retry") }}>
        {children}
      </ErrorTextProvider>
    </Document>
  );
}
