import { z } from "zod";
import type { DbClient } from "@/lib/db/create-client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { logger } from "@/lib/log";
import { PRODUCT_VIEWS } from "@/lib/products/views";
import type { Margin } from "./retail";

// The shop's margin per product type, from the `Setting` `pricing.margin.<type>` (JSON
// `{percent, fixedMinor}`, seeded by prisma/seed.ts, edited by staff later).

export const marginSchema = z.object({
  percent: z.number().min(0).max(1000),
  fixedMinor: z.number().int().min(0),
});

/**
 * Used when the setting is missing or unreadable: each product's own default (its view's
 * `defaultMargin`, lib/products/views.ts: this module reaches the browser through ./retail.ts),
 * so a broken setting never sells at cost (or stops the shop). A test keeps them equal to
 * prisma/seed.ts.
 */
export const DEFAULT_MARGINS = Object.fromEntries(
  (Object.keys(PRODUCT_VIEWS) as ProductType[]).map((type) => [type, PRODUCT_VIEWS[type].defaultMargin]),
) as Readonly<Record<ProductType, Margin>>;

export function marginSettingKey(productType: ProductType): string {
  return `pricing.margin.${productType}`;
}

export async function getMargin(db: DbClient, productType: ProductType): Promise<Margin> {
  const key = marginSettingKey(productType);
  const row = await db.setting.findUnique({ where: { key } });
  if (!row) {
    logger.warn({ setting: key }, "margin setting missing: using the default margin");
    return DEFAULT_MARGINS[productType];
  }
  let json: unknown;
  try {
    json = JSON.parse(row.value);
  } catch {
    json = undefined;
  }
  const parsed = marginSchema.safeParse(json);
  if (!parsed.success) {
    logger.warn({ setting: key }, "margin setting unreadable: using the default margin");
    return DEFAULT_MARGINS[productType];
  }
  return parsed.data;
}
