import type { DbClient } from "./create-client";
import { isUniqueViolation } from "./errors";

// Small helpers over the `Setting` key/value table, shared by the features that keep state
// there (webhook subscription, upstream connection).

export async function readSetting(db: DbClient, key: string): Promise<string | null> {
  return (await db.setting.findUnique({ where: { key } }))?.value ?? null;
}

/**
 * Runs `work` only if no other process holds the lease `key` (a Setting row whose value is
 * "<owner> <expiry ms>"). Several app instances start at once on PostgreSQL: one registers
 * the webhook, the others see "busy". An expired lease (its holder died) is taken over.
 */
export async function withSettingLease<T>(
  db: DbClient,
  key: string,
  ttlMs: number,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const owner = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const value = () => `${owner} ${Date.now() + ttlMs}`;
  let mine = value();
  try {
    await db.setting.create({ data: { key, value: mine, updatedBy: "system" } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const held = await readSetting(db, key);
    const expiry = Number(held?.split(" ")[1] ?? "0");
    if (held === null || expiry > Date.now()) return { ran: false };
    mine = value();
    const taken = await db.setting.updateMany({ where: { key, value: held }, data: { value: mine } });
    if (taken.count === 0) return { ran: false };
  }
  try {
    return { ran: true, value: await work() };
  } finally {
    await db.setting.deleteMany({ where: { key, value: mine } });
  }
}
