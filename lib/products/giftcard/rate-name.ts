import { moneyText } from "@/lib/i18n/formats";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import type { Rate } from "@/lib/upstream/commerce";
import { formatFaceValue } from "./face-value";

// A gift card denomination's name. C§2 "Rate" names no name (only the token, fees and totals);
// upstream-notes adds `product_name`. A denomination without one is named by the shop from the
// brand and what the card is worth: its face value where the upstream gives one, else its value
// before the fee in EUR (lib/upstream/commerce/schemas/topup.ts `valueBeforeFee`).

const WORDS: Record<Locale, (brand: string, value: string) => string> = {
  en: (brand, value) => `${brand} gift card worth ${value}`,
  es: (brand, value) => `Tarjeta regalo ${brand} por valor de ${value}`,
};

export function giftcardRateName(
  rate: Pick<Rate, "product_name" | "amount_local" | "currency_local" | "amount_eur" | "total_cost_eur">,
  brand: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  if (rate.product_name) return rate.product_name;
  return WORDS[locale](
    brand,
    faceValue(rate, locale) ?? moneyText(rate.amount_eur ?? rate.total_cost_eur, "EUR", locale),
  );
}

/** The face value in the card's currency; null without one, or for a currency code Intl does not know. */
function faceValue(rate: Pick<Rate, "amount_local" | "currency_local">, locale: Locale): string | null {
  if (rate.amount_local == null || !rate.currency_local) return null;
  try {
    return formatFaceValue(rate.amount_local, rate.currency_local, locale);
  } catch {
    return null;
  }
}
