import type { PosProduct } from "@/lib/admin/pos/sale-request";
import { PRODUCT_VIEWS } from "@/lib/products/views";

/** The products the point of sale sells, in tab order (each with a form in app/admin/(dashboard)/pos/forms.tsx). */
export const POS_PRODUCTS: ReadonlyArray<{ product: PosProduct; label: string }> = (
  Object.keys(PRODUCT_VIEWS) as PosProduct[]
).map((product) => ({ product, label: PRODUCT_VIEWS[product].pos.label }));

export function posProductOf(value: string | string[] | undefined): PosProduct {
  return POS_PRODUCTS.find((p) => p.product === value)?.product ?? POS_PRODUCTS[0]!.product;
}
