import type { DbClient } from "@/lib/db/create-client";
import { getMargin } from "@/lib/pricing/margin";
import { retailBreakdown, type PriceBreakdown } from "@/lib/pricing/retail";
import { UNLOCK_CREDIT_CURRENCY } from "@/lib/products/unlock/price";

// The retail price of an IMEI check: the unlocking API's credits (priced as the unlock's are),
// plus the shop's margin for IMEI checks.

/**
 * What one IMEI check costs the shop: the spec does not give the price; the emulator charges
 * 0.50 credits for a free report (emulator/unlock/README.md "IMEI check"). Change here if the
 * supplier's price list says otherwise.
 */
export const IMEI_CHECK_COST_MINOR = 50;

export async function imeiCheckPrice(db: DbClient): Promise<PriceBreakdown> {
  const margin = await getMargin(db, "imeicheck");
  return retailBreakdown({ productType: "imeicheck", costMinor: IMEI_CHECK_COST_MINOR, costCurrency: UNLOCK_CREDIT_CURRENCY, margin });
}
