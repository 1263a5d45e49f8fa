import { setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { isLocale, type Locale } from "./locale-routing.mjs";

/**
 * A page's or layout's language from its [locale] segment, made the language of everything it
 * renders (next-intl's setRequestLocale: no request header read, so cached pages stay cached).
 * Every page and layout under app/[locale] calls it first, as next-intl asks.
 */
export async function enterLocale(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return locale;
}
