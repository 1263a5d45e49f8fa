import { EUR_TO_USD } from "./data/currencies";

// Money inside the catalog is integer minor units (cents); the API shows decimal strings
// such as "21.98" (upstream-notes), never floats.

export function toDecimal(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function eurToUsdMinor(eurMinor: number): number {
  return Math.round(eurMinor * EUR_TO_USD);
}

/** A "shop" amount near `value`: 1, 1.5, 2, 2.5, 3 or 5 times a power of ten. */
export function niceAmount(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const steps = [1, 1.5, 2, 2.5, 3, 5, 10];
  let best = steps[0]!;
  for (const step of steps) if (Math.abs(step * magnitude - value) < Math.abs(best * magnitude - value)) best = step;
  return Number((best * magnitude).toPrecision(6));
}

/** Local face values shown with grouping where it helps ("1,500 INR", "4.50 GBP"). */
export function formatLocal(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  const text = amount.toLocaleString("en-US", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
  return `${text} ${currency}`;
}

/** Service fee: a percentage of the amount with a floor, rounded to the cent. */
export function serviceFeeMinor(amountMinor: number, percent: number, floorMinor: number): number {
  return Math.max(floorMinor, Math.round((amountMinor * percent) / 100));
}
