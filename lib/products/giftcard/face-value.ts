import { INTL_LOCALE } from "@/lib/i18n/formats";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { currencyExponent } from "@/lib/money";

// Face values are what the card is worth in its own currency ("£20", "¥1,500"): whole amounts
// without ".00", as the brands print them, in the buyer's language ("£20" in English, "20 GBP" in
// Spanish). Prices the buyer pays use moneyText (lib/i18n/formats.ts).

// One formatter per language, currency and style (a brand page shows every denomination).
const formatters = new Map<string, Intl.NumberFormat>();

export function formatFaceValue(minor: number, currency: string, locale: Locale = "en"): string {
  const exponent = currencyExponent(currency);
  const whole = minor % 10 ** exponent === 0;
  const key = `${locale}|${currency}|${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: "currency",
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    if (formatters.size >= 500) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter.format(minor / 10 ** exponent);
}

/** "£5 – £100", "£20", or null when the supplier gave no face values. */
export function faceValueRange(
  min: number | null,
  max: number | null,
  currency: string | null,
  locale: Locale = "en",
): string | null {
  if (!currency || min === null) return null;
  if (max === null || max === min) return formatFaceValue(min, currency, locale);
  return `${formatFaceValue(min, currency, locale)} – ${formatFaceValue(max, currency, locale)}`;
}

/** The categories the shop names in its own words; any other is shown as the supplier sends it. */
export const GIFTCARD_CATEGORIES = ["shopping", "gaming", "entertainment", "travel", "food"] as const;
export type GiftcardCategory = (typeof GIFTCARD_CATEGORIES)[number];

const CATEGORY_TEXT: Record<GiftcardCategory, string> = {
  shopping: "Shopping",
  gaming: "Gaming",
  entertainment: "Entertainment",
  travel: "Travel",
  food: "Food and drink",
};

const isKnownCategory = (category: string): category is GiftcardCategory =>
  (GIFTCARD_CATEGORIES as readonly string[]).includes(category);

/**
 * A category as a buyer reads it: a known one in the page's words (`named`, the buyer pages'
 * catalog; English by default), any other capitalised as the supplier sends it.
 */
export function categoryText(
  category: string | null,
  named: (category: GiftcardCategory) => string = (known) => CATEGORY_TEXT[known],
): string | null {
  if (!category) return null;
  return isKnownCategory(category) ? named(category) : category.charAt(0).toUpperCase() + category.slice(1);
}
