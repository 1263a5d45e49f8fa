import "server-only";
import { db } from "@/lib/db";
import type { PriceSale } from "@/lib/checkout/checkout";
import { imeiProblem, normaliseImei } from "@/lib/validation/imei";
import { IMEI_CHECK_UNAVAILABLE } from "@/lib/upstream/unlock/client";
import { imeiCheckSetupProblem } from "./availability";
import { imeiCheckDetail } from "./detail";
import { imeiCheckPurchaseLines } from "./lines";
import { imeiCheckPrice } from "./price";

// The IMEI check's checkout step (lib/checkout/checkout.ts), the same for the storefront and the
// point of sale: a valid IMEI, priced by the shop's own rule and paid from the unlock credits.

export type ImeiCheckSaleChoice = { imei: string; fullReport?: boolean };

export function imeiCheckSale(choice: ImeiCheckSaleChoice): PriceSale {
  return async (context) => {
    const imei = normaliseImei(choice.imei);
    const problem = imeiProblem(imei);
    if (problem) return { ok: false, error: problem, field: "imei" };
    // Never sold to fail: without a usable IMEI check setup nothing is priced or charged.
    if (await imeiCheckSetupProblem()) return { ok: false, error: IMEI_CHECK_UNAVAILABLE };
    const fullReport = choice.fullReport === true;
    const detail = imeiCheckDetail(imei, { fullReport });
    return {
      ok: true,
      productType: "imeicheck",
      label: fullReport ? `Full IMEI report for ${imei}` : `IMEI report for ${imei}`,
      facts: imeiCheckPurchaseLines(detail),
      pricing: await imeiCheckPrice(db, { fullReport, currency: context.currency }),
      detail,
      upstreamMode: "credits",
      sufficientCredits: null,
    };
  };
}
