import type { DbClient } from "@/lib/db/create-client";
import { getMargin } from "@/lib/pricing/margin";
import { retailBreakdown, type PriceBreakdown } from "@/lib/pricing/retail";
import { retailIn } from "@/lib/pricing/exchange";
import { getStaffRate } from "@/lib/pricing/staff-rate";
import { DEFAULT_CURRENCY, type ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import type { UnlockTool } from "@/lib/upstream/unlock/schemas";

// Retail prices of unlocks. The unlocking API prices in credits (tool `price`, credits × 100 in
// UnlockTool.priceMinor); the shop buys its credits in euros one for one, so a credit is priced
// as one euro (docs/unlock.md "Choices"); the IMEI check is paid in the same credits. In dollars
// at the rate staff keep (lib/pricing/staff-rate.ts), since the unlocking API quotes no dollars.

export const UNLOCK_CREDIT_CURRENCY = "EUR";

export async function unlockToolPrice(
  db: DbClient,
  tool: Pick<UnlockTool, "priceMinor">,
  currency: ShopCurrency = DEFAULT_CURRENCY,
): Promise<PriceBreakdown> {
  const margin = await getMargin(db, "unlock");
  return creditsPrice(
    db,
    { productType: "unlock", costMinor: tool.priceMinor, costCurrency: UNLOCK_CREDIT_CURRENCY, margin },
    currency,
  );
}

/** A price in the unlocking API's credits (euros) for the buyer's currency: converted at the staff rate, or in euros without one. */
export async function creditsPrice(
  db: DbClient,
  retail: Parameters<typeof retailBreakdown>[0],
  currency: ShopCurrency,
): Promise<PriceBreakdown> {
  if (currency === UNLOCK_CREDIT_CURRENCY) return retailBreakdown(retail);
  return retailIn(currency, retail, await getStaffRate(db)) ?? retailBreakdown(retail);
}
