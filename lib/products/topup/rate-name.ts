import { moneyText } from "@/lib/i18n/formats";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import type { Rate } from "@/lib/upstream/commerce";

// A top-up price point's name. C§2 "Rate" names no name (only the token, fees and totals);
// upstream-notes adds `product_name`. A rate without one is named by the shop from what it is
// worth: its face value where the upstream gives one, else its value before the fee in EUR
// (lib/upstream/commerce/schemas/topup.ts `valueBeforeFee`), so the buyer sees what they buy.

const WORDS: Record<Locale, (value: string) => string> = {
  en: (value) => `Top-up worth ${value}`,
  es: (value) => `Recarga por valor de ${value}`,
};

/** The upstream's name, or the shop's "Top-up worth €5.00"; null when the rate says nothing it is worth. */
export function topupRateName(rate: Pick<Rate, "product_name" | "amount_local" | "currency_local" | "amount_eur">, locale: Locale = DEFAULT_LOCALE): string | null {
  if (rate.product_name) return rate.product_name;
  const value = (rate.currency_local && rate.amount_local != null && money(rate.amount_local, rate.currency_local, locale)) || (rate.amount_eur != null ? moneyText(rate.amount_eur, "EUR", locale) : null);
  return value ? WORDS[locale](value) : null;
}

/** Null for a currency code Intl does not know (it throws). */
function money(minor: number, currency: string, locale: Locale): string | null {
  try {
    return moneyText(minor, currency, locale);
  } catch {
    return null;
  }
}
