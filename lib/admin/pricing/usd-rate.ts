import type { DbClient } from "@/lib/db/create-client";
import { recordAudit, type AuditEntry } from "@/lib/audit/record";
import { readStaffRateSetting, STAFF_RATE_KEY, staffRateSchema, type StaffRateSetting } from "@/lib/pricing/staff-rate";

// Staff keep the EUR→USD rate for what the upstream prices in euros only (docs/i18n.md,
// "Currencies"; lib/pricing/staff-rate.ts). As with margins, the change and its audit entry are one
// transaction.

export async function updateStaffRate(
  db: DbClient,
  actor: AuditEntry["actor"],
  input: StaffRateSetting,
): Promise<{ changed: boolean }> {
  const after = staffRateSchema.parse(input);
  return db.$transaction(async (tx) => {
    const before = await readStaffRateSetting(tx as DbClient);
    if (before?.rate === after.rate && before.date === after.date) return { changed: false };
    const value = JSON.stringify(after);
    await tx.setting.upsert({
      where: { key: STAFF_RATE_KEY },
      create: { key: STAFF_RATE_KEY, value, updatedBy: actor.email },
      update: { value, updatedBy: actor.email },
    });
    await recordAudit(
      { actor, action: "pricing.update", targetType: "setting", targetId: STAFF_RATE_KEY, before, after },
      tx,
    );
    return { changed: true };
  });
}
