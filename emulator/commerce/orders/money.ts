// Money in the API is a decimal string ("21.98"); internally everything is EUR cents.

/** 1149 → "11.49", -99 → "-0.99". */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Spec section 8: the optional SMS notification on a top-up costs 0.99 EUR. */
export const SMS_FEE_MINOR = 99;

export const ORDER_CURRENCY = "EUR";
