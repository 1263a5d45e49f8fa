import { formatMoney } from "@/lib/money";
import type { Locale } from "./locale-routing.mjs";

/** The Intl locale each language writes numbers and money in: "€10.99" in English, "10,99 €" in Spanish. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-GB", es: "es-ES" };

/** Minor units as money in a buyer's language: moneyText(1099, "EUR", "es") → "10,99 €". */
export function moneyText(minor: number, currency: string, locale: Locale): string {
  return formatMoney(minor, currency, INTL_LOCALE[locale]);
}
