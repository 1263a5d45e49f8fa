import "server-only";
import { recordAudit, type AuditEntry } from "@/lib/audit/record";
import type { DbClient } from "@/lib/db/create-client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { productSwitchKey } from "./product-switch";

// Staff switch a product off (or on again): the Setting row and its audit entry in one
// transaction. The write changes the settings' fingerprint, so every app instance expires its
// cached pages within a second (lib/page-cache/invalidation.ts) and shows the product's state.

/** Switches one product on or off, with its audit entry in the same transaction. Answers whether it changed. */
export async function setProductSwitch(
  db: DbClient,
  actor: AuditEntry["actor"],
  product: ProductType,
  on: boolean,
): Promise<{ changed: boolean }> {
  const key = productSwitchKey(product);
  const value = on ? "on" : "off";
  return db.$transaction(async (tx) => {
    const before = (await tx.setting.findUnique({ where: { key } }))?.value ?? "on";
    if (before === value) return { changed: false };
    await tx.setting.upsert({
      where: { key },
      create: { key, value, updatedBy: actor.email },
      update: { value, updatedBy: actor.email },
    });
    await recordAudit(
      {
        actor,
        action: on ? "product.switch_on" : "product.switch_off",
        targetType: "product",
        targetId: product,
        before: { sale: before },
        after: { sale: value },
      },
      tx,
    );
    return { changed: true };
  });
}
