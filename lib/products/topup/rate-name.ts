import { moneyText } from "@/lib/i18n/formats";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import type { Rate } from "@/lib/upstream/commerce";
import { isServiceType, type ServiceType } from "./service-labels";

// A top-up price point's name. C§2 "Rate" names no name (only the token, fees and totals);
// upstream-notes adds `product_name`. A rate without one is named by the shop from its service
// type (given by the rate, or found through the operator's service types: ./typed-rates.ts) and
// what it is worth: its face value where the upstream gives one, else its value before the fee in
// EUR (lib/upstream/commerce/schemas/topup.ts `valueBeforeFee`), so the buyer sees what they buy:
// "Airtime worth €5.85", "Data worth €5.85", "Bundle worth €5.85"; "Top-up worth €5.85" when the
// type is not known.

const WORDS: Record<Locale, Record<ServiceType | "topup", (value: string) => string>> = {
  en: {
    airtime: (value) => `Airtime worth ${value}`,
    data: (value) => `Data worth ${value}`,
    bundle: (value) => `Bundle worth ${value}`,
    topup: (value) => `Top-up worth ${value}`,
  },
  es: {
    airtime: (value) => `Saldo por valor de ${value}`,
    data: (value) => `Datos por valor de ${value}`,
    bundle: (value) => `Paquete por valor de ${value}`,
    topup: (value) => `Recarga por valor de ${value}`,
  },
};

/** Two rates of one tab under the same name (nothing in the answer tells them apart): "…, option 2". */
const OPTION: Record<Locale, (name: string, n: number) => string> = {
  en: (name, n) => `${name}, option ${n}`,
  es: (name, n) => `${name}, opción ${n}`,
};

/** The upstream's name, or the shop's "Airtime worth €5.00" / "Top-up worth €5.00"; null when the rate says nothing it is worth. */
export function topupRateName(
  rate: Pick<Rate, "product_name" | "amount_local" | "currency_local" | "amount_eur" | "service_type">,
  locale: Locale = DEFAULT_LOCALE,
): string | null {
  if (rate.product_name) return rate.product_name;
  const value =
    (rate.currency_local && rate.amount_local != null && money(rate.amount_local, rate.currency_local, locale)) ||
    (rate.amount_eur != null ? moneyText(rate.amount_eur, "EUR", locale) : null);
  if (!value) return null;
  const type = rate.service_type && isServiceType(rate.service_type) ? rate.service_type : "topup";
  return WORDS[locale][type](value);
}

/**
 * The names of one tab's rates, in their order, each unique: a name two or more rates share is
 * numbered in that order ("Data worth €5.85, option 1", "…, option 2"), so the buyer can tell the
 * choices apart and "Top up again" (./same-rate.ts) finds the same one by its name.
 */
export function distinctNames(names: readonly string[], locale: Locale = DEFAULT_LOCALE): string[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((name) => {
    if ((counts.get(name) ?? 0) < 2) return name;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return OPTION[locale](name, n);
  });
}

/** Null for a currency code Intl does not know (it throws). */
function money(minor: number, currency: string, locale: Locale): string | null {
  try {
    return moneyText(minor, currency, locale);
  } catch {
    return null;
  }
}
