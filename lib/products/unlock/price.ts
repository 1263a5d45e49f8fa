import type { DbClient } from "@/lib/db/create-client";
import { getMargin } from "@/lib/pricing/margin";
import { retailBreakdown, type PriceBreakdown } from "@/lib/pricing/retail";
import type { UnlockTool } from "@/lib/upstream/unlock/schemas";

// Retail prices of unlocks and IMEI checks. The unlocking API prices in credits (tool `price`,
// credits × 100 in UnlockTool.priceMinor); the shop buys its credits in euros one for one, so
// a credit is priced as one euro (docs/unlock.md "Choices"). One place for both facts.

export const UNLOCK_CREDIT_CURRENCY = "EUR";

/**
 * What one IMEI check costs the shop: the spec does not give the price; the emulator charges
 * 0.50 credits for a free report (emulator/unlock/README.md "IMEI check"). Change here if the
 * supplier's price list says otherwise.
 */
export const IMEI_CHECK_COST_MINOR = 50;

export async function unlockToolPrice(db: DbClient, tool: Pick<UnlockTool, "priceMinor">): Promise<PriceBreakdown> {
  const margin = await getMargin(db, "unlock");
  return retailBreakdown({ productType: "unlock", costMinor: tool.priceMinor, costCurrency: UNLOCK_CREDIT_CURRENCY, margin });
}

export async function imeiCheckPrice(db: DbClient): Promise<PriceBreakdown> {
  const margin = await getMargin(db, "imeicheck");
  return retailBreakdown({ productType: "imeicheck", costMinor: IMEI_CHECK_COST_MINOR, costCurrency: UNLOCK_CREDIT_CURRENCY, margin });
}
