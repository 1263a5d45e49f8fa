import type { DbClient } from "@/lib/db/create-client";
import { getMargin } from "@/lib/pricing/margin";
import { retailBreakdown, type PriceBreakdown } from "@/lib/pricing/retail";
import type { UnlockTool } from "@/lib/upstream/unlock/schemas";

// Retail prices of unlocks. The unlocking API prices in credits (tool `price`, credits × 100 in
// UnlockTool.priceMinor); the shop buys its credits in euros one for one, so a credit is priced
// as one euro (docs/unlock.md "Choices"); the IMEI check is paid in the same credits.

export const UNLOCK_CREDIT_CURRENCY = "EUR";

export async function unlockToolPrice(db: DbClient, tool: Pick<UnlockTool, "priceMinor">): Promise<PriceBreakdown> {
  const margin = await getMargin(db, "unlock");
  return retailBreakdown({ productType: "unlock", costMinor: tool.priceMinor, costCurrency: UNLOCK_CREDIT_CURRENCY, margin });
}
