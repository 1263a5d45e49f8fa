import type { DbClient } from "@/lib/db/create-client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { recordAudit, type AuditEntry } from "@/lib/audit/record";
import { getMargin, marginSchema, marginSettingKey } from "@/lib/pricing/margin";
import type { Margin } from "@/lib/pricing/retail";
import { PRODUCT_TYPES } from "@/lib/products/registry";

// Staff edit the margin per product type (Setting `pricing.margin.<type>`, read by every quote
// through lib/pricing/margin.ts). The change and its audit entry (before/after) are written in
// one transaction, so a margin never changes without a record of who changed it.

/** Every product has a margin: the products' registry (lib/products/registry.ts). */
export { PRODUCT_TYPES };

export async function readMargins(db: DbClient): Promise<Record<ProductType, Margin>> {
  const entries = await Promise.all(PRODUCT_TYPES.map(async (type) => [type, await getMargin(db, type)] as const));
  return Object.fromEntries(entries) as Record<ProductType, Margin>;
}

export type MarginChange = { changed: boolean; before: Margin; after: Margin };

export async function updateMargin(
  db: DbClient,
  actor: AuditEntry["actor"],
  productType: ProductType,
  input: Margin,
): Promise<MarginChange> {
  const after = marginSchema.parse(input);
  const key = marginSettingKey(productType);
  return db.$transaction(async (tx) => {
    const before = await getMargin(tx as DbClient, productType);
    if (before.percent === after.percent && before.fixedMinor === after.fixedMinor)
      return { changed: false, before, after };
    const value = JSON.stringify(after);
    await tx.setting.upsert({
      where: { key },
      create: { key, value, updatedBy: actor.email },
      update: { value, updatedBy: actor.email },
    });
    await recordAudit({ actor, action: "pricing.update", targetType: "setting", targetId: key, before, after }, tx);
    return { changed: true, before, after };
  });
}
