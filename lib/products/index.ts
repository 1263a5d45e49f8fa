import type { ProductType } from "@/lib/db/generated/sqlite/enums";

/**
 * The five products in the order the shop presents them, and where each lives. Their names,
 * taglines and blurbs are in the message catalogs (messages/*.json, "Products"), per language;
 * productName (./product-name.ts) reads them, apart from this list so that the client
 * components drawing it (the phone menu) do not carry the catalogs to the browser.
 */
export const PRODUCTS: ReadonlyArray<{ type: ProductType; href: string }> = [
  { type: "topup", href: "/topup" },
  { type: "esim", href: "/esim" },
  { type: "giftcard", href: "/giftcards" },
  { type: "unlock", href: "/unlock" },
  { type: "imeicheck", href: "/imei-check" },
];

export const SHOP_NAME = "Relay";
