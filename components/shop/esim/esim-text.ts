import type { useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import type { UserFailure } from "@/lib/errors/user-message";
import {
  DESTINATIONS_UNAVAILABLE,
  NO_PRICE,
  PLAN_UNAVAILABLE,
  PLANS_UNAVAILABLE,
  QUOTE_UNAVAILABLE,
} from "@/lib/products/esim/catalog";
import { formatGb } from "@/lib/products/esim/format";
import type { EsimPurchaseWords } from "@/lib/products/esim/lines";

// How plans read on the eSIM pages, in the page's language ("5 GB", "Unlimited", "30 days"; in
// Spanish "0,5 GB", "Ilimitado", "30 días"). lib/products/esim/format.ts keeps the English for
// staff and mail. Server components only: the catalog's codes come from a server module.

/** The "Esim" namespace's translator, from useTranslations or getTranslations. */
export type EsimT = ReturnType<typeof useTranslations<"Esim">>;

/** A decimal as the language writes it: "0.5" in English, "0,5" in Spanish. */
export const decimalText = (text: string, locale: Locale) => (locale === "es" ? text.replace(".", ",") : text);

export function planDataText(t: EsimT, locale: Locale, plan: { unlimited: boolean; dataGb: number | null }): string {
  if (plan.unlimited || plan.dataGb === null) return t("dataUnlimited");
  return t("dataGb", { gb: decimalText(formatGb(plan.dataGb), locale) });
}

export function planValidityText(t: EsimT, days: number | null): string {
  return days === null ? t("validityUnknown") : t("validity", { days });
}

/** "3 GB · 15 days": a plan's name on its page, in the review and in the breadcrumbs. */
export function planTitle(
  t: EsimT,
  locale: Locale,
  plan: { unlimited: boolean; dataGb: number | null; validityDays: number | null },
): string {
  return `${planDataText(t, locale, plan)} · ${planValidityText(t, plan.validityDays)}`;
}

const FAILURES = {
  [DESTINATIONS_UNAVAILABLE]: "loadDestinationsFailed",
  [PLANS_UNAVAILABLE]: "loadPlansFailed",
  [PLAN_UNAVAILABLE]: "loadPlanFailed",
  [QUOTE_UNAVAILABLE]: "quoteFailed",
  [NO_PRICE]: "noPrice",
} as const;

/** A catalog failure in the page's language; the upstream's own messages (by their code) as they come. */
export function failureText(t: EsimT, failure: UserFailure): string {
  const key = failure.code ? FAILURES[failure.code as keyof typeof FAILURES] : undefined;
  return key ? t(key) : failure.error;
}

/** "What you bought" rows (lib/products/esim/lines.ts) in the page's language. */
export function purchaseWords(t: EsimT, locale: Locale): EsimPurchaseWords {
  return {
    destination: t("factDestination"),
    data: t("factData"),
    validFor: t("factValidFor"),
    dataText: (plan) => planDataText(t, locale, plan),
    validityText: (days) => planValidityText(t, days),
  };
}
