import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";
import { commerceClient } from "@/lib/upstream/commerce";
import { creditStatus, type CreditStatus } from "./balance";

export type LowBalance = CreditStatus & { threshold: NonNullable<CreditStatus["threshold"]> };

/**
 * The commerce balance when it is below the threshold set on the Credits page, for the banner on
 * every staff page; null otherwise. Read live with one short attempt, so an unreachable upstream
 * never slows a staff page (the Credits page says why); no threshold set, no upstream call.
 */
export async function lowBalance(db: DbClient): Promise<LowBalance | null> {
  const hasThreshold = (await db.setting.count({ where: { key: "credits.lowBalanceThreshold" } })) > 0;
  if (!hasThreshold) return null;
  try {
    const status = await creditStatus(db, commerceClient(), { timeoutMs: 2_000 });
    return status.low && status.threshold ? { ...status, threshold: status.threshold } : null;
  } catch (error) {
    logger.warn({ err: error }, "low-balance banner: the balance could not be read");
    return null;
  }
}
