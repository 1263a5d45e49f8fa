import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import type { ProductModule } from "./contract";
import type { PRODUCT_MODULES } from "./registry";
import type { PRODUCT_VIEWS, ProductView } from "./views";

// Type-level proof that the contract bites, checked by `npm run typecheck` (tsc): a module
// missing any one part, and a registry missing any one product, are refused. Never run.

/** The contract's parts a module could leave out and still be accepted as a ProductModule: none. */
type Optional = {
  [K in keyof ProductModule]-?: Omit<ProductModule<"topup">, K> extends ProductModule<"topup"> ? K : never;
}[keyof ProductModule];
export const everyPartRequired: [Optional] extends [never] ? true : false = true;

type Modules = typeof PRODUCT_MODULES;

// @ts-expect-error a module without its delivery mail part is not a product module
export const withoutMail: ProductModule<"topup"> = {} as Omit<Modules["topup"], "mail">;

// @ts-expect-error a module without its upstream request is not a product module
export const withoutUpstream: ProductModule<"esim"> = {} as Omit<Modules["esim"], "upstream">;

// @ts-expect-error a registry without one product's module is refused
export const withoutOneProduct: { [T in ProductType]: ProductModule<T> } = {} as Omit<Modules, "imeicheck">;

// @ts-expect-error a view registry without one product's view is refused
export const withoutOneView: Record<ProductType, ProductView> = {} as Omit<typeof PRODUCT_VIEWS, "unlock">;

// @ts-expect-error a module filed under another product's type is refused
export const misfiled: { [T in ProductType]: ProductModule<T> } = {} as Omit<Modules, "esim"> & {
  esim: Modules["topup"];
};
