import { supportedLocale, type Locale } from "./locale-routing.mjs";

/** Each language by its own name, as a switcher shows it whatever the page's language. */
export const LANGUAGE_NAMES: Record<Locale, { name: string; short: string }> = {
  en: { name: "English", short: "EN" },
  es: { name: "Español", short: "ES" },
};

/** "Español (es)": a stored language (an order's, an account's) as staff pages name it; an unknown one as English. */
export function staffLanguageLabel(stored: string): string {
  const locale = supportedLocale(stored);
  return `${LANGUAGE_NAMES[locale].name} (${locale})`;
}
