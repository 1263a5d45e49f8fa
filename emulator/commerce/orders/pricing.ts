import type { PricedProduct } from "../priced-product";
import { SMS_FEE_MINOR } from "./money";
import type { Pricing } from "./records";

/** The catalog's total plus the optional SMS fee (top-up only; validated before). */
export function priceOf(product: PricedProduct, smsNotification: boolean): Pricing {
  const smsFeeMinor = smsNotification ? SMS_FEE_MINOR : 0;
  return {
    amountMinor: product.amountMinor,
    serviceFeeMinor: product.serviceFeeMinor,
    smsFeeMinor,
    totalMinor: product.totalMinor + smsFeeMinor,
  };
}
