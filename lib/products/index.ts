import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { PRODUCT_VIEWS } from "./views";

/**
 * The products in the order the shop presents them, and where each lives: the products'
 * views (./views.ts), which client components may import. Their names, taglines and blurbs are in
 * the message catalogs (messages/*.json, "Products"), per language; productName
 * (./product-name.ts) reads them, apart from this list so that the client components drawing it
 * (the phone menu) do not carry the catalogs to the browser.
 */
export const PRODUCTS: ReadonlyArray<{ type: ProductType; href: string }> = (
  Object.keys(PRODUCT_VIEWS) as ProductType[]
).map((type) => ({ type, href: PRODUCT_VIEWS[type].href }));

export const SHOP_NAME = "Relay";
