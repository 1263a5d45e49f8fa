import { z } from "zod";
import type { CurrentUser } from "@/lib/auth/guards";
import { recordAudit } from "@/lib/audit/record";
import type { DbClient } from "@/lib/db/create-client";

// The low-balance threshold: when the commerce credit balance (EUR) is below it, every staff
// page shows a banner. Stored in the Setting `credits.lowBalanceThreshold` as JSON
// `{ amountMinor, currency }`; no row means no threshold (no banner). Changes are audited.

export const LOW_BALANCE_SETTING = "credits.lowBalanceThreshold";

const storedSchema = z.object({ amountMinor: z.number().int().min(0), currency: z.string().length(3) });
export type Threshold = z.infer<typeof storedSchema>;

export async function getLowBalanceThreshold(db: DbClient): Promise<Threshold | null> {
  const row = await db.setting.findUnique({ where: { key: LOW_BALANCE_SETTING } });
  if (!row) return null;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Sets (or with null, removes) the threshold, with its audit entry in the same transaction. */
export async function setLowBalanceThreshold(
  db: DbClient,
  actor: Pick<CurrentUser, "id" | "email">,
  next: Threshold | null,
): Promise<{ changed: boolean }> {
  const after = next === null ? null : storedSchema.parse(next);
  return db.$transaction(async (tx) => {
    const row = await tx.setting.findUnique({ where: { key: LOW_BALANCE_SETTING } });
    const before = row ? (JSON.parse(row.value) as unknown) : null;
    if (JSON.stringify(before) === JSON.stringify(after)) return { changed: false };
    if (after === null) await tx.setting.deleteMany({ where: { key: LOW_BALANCE_SETTING } });
    else {
      const value = JSON.stringify(after);
      await tx.setting.upsert({
        where: { key: LOW_BALANCE_SETTING },
        create: { key: LOW_BALANCE_SETTING, value, updatedBy: actor.email },
        update: { value, updatedBy: actor.email },
      });
    }
    await recordAudit(
      {
        actor,
        action: "credits.threshold.update",
        targetType: "setting",
        targetId: LOW_BALANCE_SETTING,
        before,
        after,
      },
      tx,
    );
    return { changed: true };
  });
}

/**
 * Whether a balance is low against the threshold. Only a threshold in the balance's currency
 * counts (the credits are EUR; a threshold in another currency cannot be compared).
 */
export function isLowBalance(balance: { amountMinor: number; currency: string }, threshold: Threshold | null): boolean {
  if (!threshold) return false;
  if (threshold.currency.toUpperCase() !== balance.currency.toUpperCase()) return false;
  return balance.amountMinor < threshold.amountMinor;
}
