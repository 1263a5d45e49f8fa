import { notFound } from "next/navigation";
import { isLocale, type Locale } from "./locale-routing.mjs";

/**
 * A page's or layout's language from its [locale] segment, for code that needs the value (a
 * link, a date format). next-intl reads the same segment itself (next/root-params,
 * ./request.ts). An unknown language is a 404 (proxy.ts never sends one here).
 */
export async function pageLocale(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  return locale;
}
