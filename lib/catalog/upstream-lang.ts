import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";

/**
 * The upstream's `lang` for a buyer's language (docs/i18n.md): none for English (the catalog's
 * own, so English reads keep cache keys without a language), the language's code otherwise. A
 * catalog read that passes it keeps its own cache entries per language.
 */
export const upstreamLang = (locale: Locale): string | undefined => (locale === DEFAULT_LOCALE ? undefined : locale);
