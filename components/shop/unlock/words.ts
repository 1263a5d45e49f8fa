import type { getTranslations } from "next-intl/server";
import { unlockCatalogFailureOf } from "@/lib/products/unlock/catalog-failure";
import { guaranteedTimeText } from "@/lib/products/unlock/text";

// The unlock pages' words for what lib/products/unlock gives in English (the point of sale keeps
// that English): a service's times and success rate, and the catalog's own failures.

export type UnlockT = Awaited<ReturnType<typeof getTranslations<"Unlock">>>;

const UNITS = ["minutes", "hours", "days", "weeks"] as const;

/** "Instant", "1–3 days", "2 hours"; a unit the shop does not know is shown as the supplier sent it. */
export function timeText(t: UnlockT, time: { min: number; max: number; type: string }): string {
  if (time.type === "instant") return t("time.instant");
  const unit = UNITS.find((u) => u === time.type);
  if (!unit) return guaranteedTimeText(time);
  return time.min === time.max
    ? t(`time.exact.${unit}`, { count: time.min })
    : t(`time.range.${unit}`, { min: time.min, max: time.max });
}

/** 0.96 → "96%" ("96 %" in Spanish). */
export function successText(t: UnlockT, ratio: number): string {
  return t("successPercent", { percent: Math.round(ratio * 100) });
}

/** A loader's failure message: the catalog's own in the page's language, a supplier's as it came. */
export function failureText(t: UnlockT, error: string): string {
  const failure = unlockCatalogFailureOf(error);
  return failure ? t(`loadFailed.${failure}`) : error;
}
