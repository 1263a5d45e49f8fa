import type { Locale } from "./locale-routing.mjs";

/** Each language by its own name, as a switcher shows it whatever the page's language. */
export const LANGUAGE_NAMES: Record<Locale, { name: string; short: string }> = {
  en: { name: "English", short: "EN" },
  es: { name: "Español", short: "ES" },
};
