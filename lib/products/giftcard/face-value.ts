import { currencyExponent } from "@/lib/money";

// Face values are what the card is worth in its own currency ("£20", "¥1,500"): whole amounts
// without ".00", as the brands print them. Prices the buyer pays use formatMoney.

// One formatter per currency and style (a brand page shows every denomination).
const formatters = new Map<string, Intl.NumberFormat>();

export function formatFaceValue(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const whole = minor % 10 ** exponent === 0;
  const key = `${currency}|${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-GB", { style: "currency", currency, ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) });
    if (formatters.size >= 500) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter.format(minor / 10 ** exponent);
}

/** "£5 – £100", "£20", or null when the supplier gave no face values. */
export function faceValueRange(min: number | null, max: number | null, currency: string | null): string | null {
  if (!currency || min === null) return null;
  if (max === null || max === min) return formatFaceValue(min, currency);
  return `${formatFaceValue(min, currency)} – ${formatFaceValue(max, currency)}`;
}

const CATEGORY_TEXT: Record<string, string> = { shopping: "Shopping", gaming: "Gaming", entertainment: "Entertainment", travel: "Travel", food: "Food and drink" };

export function categoryText(category: string | null): string | null {
  if (!category) return null;
  return CATEGORY_TEXT[category] ?? category.charAt(0).toUpperCase() + category.slice(1);
}
