// Which of an operator's service types a promotion is for. The upstream's promotion record
// names only the operator (its fields beyond that are "not shown" in the contract), so the
// shop reads the promotion's own words: one about data ("Double data", "more data on bundles")
// is for the data and bundle rates, never shown beside airtime; anything else is for every
// rate of the operator. One place for the rule (docs/storefront.md, "Across the shop").

const DATA_WORDS = /\bdata\b/i;
const CREDIT_WORDS = /\b(credit|airtime|recharges?|top-?ups?)\b/i;

/** The service types a promotion applies to; null for all of them. */
export function promotionServiceTypes(promotion: {
  title?: string | null;
  description?: string | null;
}): string[] | null {
  const words = `${promotion.title ?? ""} ${promotion.description ?? ""}`;
  if (DATA_WORDS.test(words) && !CREDIT_WORDS.test(words)) return ["data", "bundle"];
  return null;
}

/** Whether a promotion has anything to apply to among `serviceTypes` (an operator's offer). */
export function promotionApplies(scope: string[] | null, serviceTypes: readonly string[]): boolean {
  return scope === null || scope.some((type) => serviceTypes.includes(type));
}

/** Whether a promotion is running at `now` (a scheduled one is not shown before it starts). */
export function promotionRunning(
  promotion: { starts_at?: string | null; ends_at?: string | null },
  now: number,
): boolean {
  if (promotion.starts_at && Date.parse(promotion.starts_at) > now) return false;
  return !promotion.ends_at || Date.parse(promotion.ends_at) > now;
}
