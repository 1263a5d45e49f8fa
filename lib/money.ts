// Money is integer minor units plus a currency everywhere in the shop. Upstream amounts
// arrive as decimal strings ("21.98", commerce) or JSON numbers (24.9 credits, unlocking);
// the conversion works on the decimal text, never on `value * 100` (4.35 * 100 is
// 434.99999999999994 in floats), and refuses what it cannot represent exactly.

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * "21.98" → 2198 with `exponent` 2 (the default); 24.9 → 2490. Accepts an optional leading
 * minus, digits, and at most `exponent` significant fractional digits (trailing zeros beyond
 * are fine: "1500.00" in JPY, exponent 0, is 1500). Throws a RangeError for anything else:
 * empty, "1,50", "1e3", " 2", "2.", ".5", "0.295" in a 2-digit currency, or a value too large
 * to count exactly.
 */
export function decimalToMinor(value: string | number, exponent = 2): number {
  const text = typeof value === "number" ? numberToDecimalText(value) : value;
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign = "", whole = "", fraction = ""] = match;
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > exponent) {
    throw new RangeError(`${JSON.stringify(value)} has more than ${exponent} decimal places`);
  }
  const digits = (whole + fraction.padEnd(exponent, "0").slice(0, exponent)).replace(/^0+(?=\d)/, "");
  const minor = Number(digits);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${JSON.stringify(value)} is too large to count exactly`);
  return sign === "-" && minor !== 0 ? -minor : minor;
}

/** A JSON number as the decimal text it was written as (String() gives the shortest round trip). */
function numberToDecimalText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  const text = String(value);
  // Exponent notation (below 1e-6, from 1e21) is not an amount the upstream sends.
  if (/e/i.test(text)) throw new RangeError(`not a plain decimal amount: ${text}`);
  return text;
}

// Intl.NumberFormat objects are costly to build (a catalog page shows ~150 prices: building
// two per price would be 18 % of its server time); one per locale and currency is kept.
const formatters = new Map<string, Intl.NumberFormat | null>();

function currencyFormatter(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    } catch {
      formatter = null;
    }
    // Currencies come from the catalog and orders, not from visitors; the cap is a backstop.
    if (formatters.size >= 500) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Digits after the decimal point in an ISO 4217 currency (JPY 0, EUR 2, KWD 3); 2 when unknown. */
export function currencyExponent(currency: string): number {
  return currencyFormatter("en", currency.toUpperCase())?.resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units shown as money in a locale, e.g. 1099 EUR → "€10.99". */
export function formatMoney(minor: number, currency: string, locale = "en-GB"): string {
  const exponent = currencyExponent(currency);
  const formatter = currencyFormatter(locale, currency);
  // An unknown currency code throws in Intl, as with a formatter built per call.
  if (!formatter) return new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 10 ** exponent);
  return formatter.format(minor / 10 ** exponent);
}
