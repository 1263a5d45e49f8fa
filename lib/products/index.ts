import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";

/**
 * The five products in the order the shop presents them, and where each lives. Their names,
 * taglines and blurbs are in the message catalogs (messages/*.json, "Products"), per language.
 */
export const PRODUCTS: ReadonlyArray<{ type: ProductType; href: string }> = [
  { type: "topup", href: "/topup" },
  { type: "esim", href: "/esim" },
  { type: "giftcard", href: "/giftcards" },
  { type: "unlock", href: "/unlock" },
  { type: "imeicheck", href: "/imei-check" },
];

/** A product's name ("Mobile top-up"), in English for staff unless a language is given. */
export function productName(type: ProductType | string, locale: Locale = "en"): string {
  const products: Record<string, { name: string }> = messagesFor(locale).Products;
  return products[type]?.name ?? type;
}

export const SHOP_NAME = "Relay";
