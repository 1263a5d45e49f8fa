import type { DbClient } from "@/lib/db/create-client";
import { getMargin } from "@/lib/pricing/margin";
import type { PriceBreakdown } from "@/lib/pricing/retail";
import { creditsPrice, UNLOCK_CREDIT_CURRENCY } from "@/lib/products/unlock/price";
import { DEFAULT_CURRENCY, type ShopCurrency } from "@/lib/i18n/currency-routing.mjs";

// The retail price of an IMEI check: the unlocking API's credits (priced as the unlock's are),
// plus the shop's margin for IMEI checks.

/**
 * What one IMEI check costs the shop: the spec does not give the price; the emulator charges
 * 0.50 credits for a free report (emulator/unlock/README.md "IMEI check"). Change here if the
 * supplier's price list says otherwise.
 */
export const IMEI_CHECK_COST_MINOR = 50;

/**
 * What a paid (type P) device's full report costs the shop, bought with the check
 * (FULL_REPORT_FORM in lib/upstream/unlock/client.ts): not in the spec; the emulator charges
 * 2.50 credits (emulator/unlock/README.md "IMEI check"). Change here if the price list says otherwise.
 */
export const IMEI_FULL_REPORT_COST_MINOR = 250;

/** The retail price of a check, or of a paid device's full report (`fullReport`), with the same margin. */
export async function imeiCheckPrice(
  db: DbClient,
  { fullReport = false, currency = DEFAULT_CURRENCY }: { fullReport?: boolean; currency?: ShopCurrency } = {},
): Promise<PriceBreakdown> {
  const margin = await getMargin(db, "imeicheck");
  const costMinor = fullReport ? IMEI_FULL_REPORT_COST_MINOR : IMEI_CHECK_COST_MINOR;
  return creditsPrice(
    db,
    { productType: "imeicheck", costMinor, costCurrency: UNLOCK_CREDIT_CURRENCY, margin },
    currency,
  );
}
