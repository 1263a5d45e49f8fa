import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import type { CommerceUpstream, ProductModule } from "./contract";
import { esimModule } from "./esim/module";
import { giftcardModule } from "./giftcard/module";
import { imeicheckModule } from "./imeicheck/module";
import { topupModule } from "./topup/module";
import { unlockModule } from "./unlock/module";

// The one list of products on the server, in the order the shop presents them: one module per
// ProductType (the compiler names a missing one, and a module missing a part of the contract).
// Every product list and every per-product rule outside lib/products/<product>/ is read from
// here. The browser's side is ./views.ts.

export const PRODUCT_MODULES = {
  topup: topupModule,
  esim: esimModule,
  giftcard: giftcardModule,
  unlock: unlockModule,
  imeicheck: imeicheckModule,
} satisfies { [T in ProductType]: ProductModule<T> };

/** Every product type, in presentation order. */
export const PRODUCT_TYPES = Object.keys(PRODUCT_MODULES) as [ProductType, ...ProductType[]];

type Modules = typeof PRODUCT_MODULES;
/** The products bought through the commerce API (their module's upstream is a commerce request). */
export type CommerceProductType = {
  [T in ProductType]: Modules[T]["upstream"]["api"] extends "commerce" ? T : never;
}[ProductType];
export const COMMERCE_PRODUCT_TYPES = PRODUCT_TYPES.filter(
  (type): type is CommerceProductType => PRODUCT_MODULES[type].upstream.api === "commerce",
) as [CommerceProductType, ...CommerceProductType[]];

/** The product's commerce request (what placement and the quote send), or null for a product of the unlocking API. */
export function commerceUpstreamOf(type: ProductType): CommerceUpstream | null {
  const upstream = PRODUCT_MODULES[type].upstream;
  return upstream.api === "commerce" ? upstream : null;
}
