import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pageLocale } from "@/lib/i18n/locale-param";

/**
 * The not-found pages' own title, in the address's language ("Page not found · Relay" through
 * the layout's template): every not-found.tsx under app/[locale] exports it, since Next.js takes
 * the metadata of the deepest not-found file the error reaches, and one without it gets the
 * shop's general title.
 */
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "Status" });
  return { title: t("notFoundDocumentTitle") };
}
