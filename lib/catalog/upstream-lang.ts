import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";

/**
 * The upstream's `lang` for a buyer's language ([16]): none for English (the catalog's own, so
 * English reads keep the cache keys they had before), the language's code otherwise. A catalog
 * read that passes it keeps its own cache entries per language.
 */
export const upstreamLang = (locale: Locale): string | undefined => (locale === DEFAULT_LOCALE ? undefined : locale);
