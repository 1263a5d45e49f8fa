import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";

// Apart from the product list (./index.ts) because it reads the message catalogs: the list is
// also drawn by client components (the phone menu), and the catalogs must not reach browsers.

/** A product's name ("Mobile top-up"), in English for staff unless a language is given. */
export function productName(type: ProductType | string, locale: Locale = "en"): string {
  const products: Record<string, { name: string }> = messagesFor(locale).Products;
  return products[type]?.name ?? type;
}
