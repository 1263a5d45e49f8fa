import type { DbClient } from "@/lib/db/create-client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { PRODUCTS } from "./index";

// The staff's on/off switch per product (docs/admin.md "Switching a product off"): one Setting
// row per product, "on" or "off"; no row is on. Read here (the order core reads it with its own
// database); written by ./switch-product.ts.

const KEY_PREFIX = "product.sale.";
export const productSwitchKey = (product: ProductType) => `${KEY_PREFIX}${product}`;

export const isProductType = (value: unknown): value is ProductType => PRODUCTS.some((p) => p.type === value);

/** The products staff switched off. */
export async function switchedOffProducts(db: DbClient): Promise<Set<ProductType>> {
  const rows = await db.setting.findMany({
    where: { key: { startsWith: KEY_PREFIX } },
    select: { key: true, value: true },
  });
  return new Set(
    rows
      .filter((row) => row.value === "off")
      .map((row) => row.key.slice(KEY_PREFIX.length))
      .filter(isProductType),
  );
}
