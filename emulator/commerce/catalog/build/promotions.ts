import { intBetween, pick, seededRandom } from "../../../core/random";
import type { GiftcardBrand, PromotionTemplate, TopupOperator } from "../model";

// Promotions on top-up operators and gift card brands, with validity windows in days around
// an anchor (the start of the UTC day the catalog was built on the emulator clock; reset
// re-anchors). The first top-up promotion always ends one day after the anchor and the
// second starts two days after it, so tests can watch one end and one begin by moving the clock.

const TOPUP_TITLES = [
  (b: number) => [`+${b}% extra credit`, `Get ${b}% more credit on every recharge.`],
  (b: number) => [`Double data`, `Data bundles come with ${b}% more data while the promotion lasts.`],
  (b: number) => [`Bonus ${b}% on recharges`, `Recharges of any amount receive a ${b}% bonus from the operator.`],
] as const;
const GIFTCARD_TITLES = [
  (b: number) => [`${b}% extra value`, `Gift cards of this brand carry ${b}% extra value.`],
] as const;

export function buildPromotions(
  seed: number,
  operators: readonly TopupOperator[],
  brands: readonly GiftcardBrand[],
): PromotionTemplate[] {
  const rand = seededRandom(seed, "promotions");
  const promotions: PromotionTemplate[] = [];
  const chosenOperators = new Set<TopupOperator>();
  while (chosenOperators.size < Math.min(12, operators.length)) chosenOperators.add(pick(rand, operators));
  [...chosenOperators].forEach((operator, index) => {
    const bonus = intBetween(rand, 2, 10) * 5;
    const [title, description] = pick(rand, TOPUP_TITLES)(bonus);
    const [startsDay, endsDay] =
      index === 0 ? [-3, 1] : index === 1 ? [2, 9] : [0 - intBetween(rand, 0, 10) || 0, intBetween(rand, 3, 30)];
    promotions.push({
      id: `promo_${promotions.length + 1}`,
      vertical: "topup",
      operatorId: operator.id,
      title: title!,
      description: description!,
      bonusPercent: bonus,
      startsDay,
      endsDay,
    });
  });
  const chosenBrands = new Set<GiftcardBrand>();
  while (chosenBrands.size < Math.min(4, brands.length)) chosenBrands.add(pick(rand, brands));
  for (const brand of chosenBrands) {
    const bonus = intBetween(rand, 1, 4) * 5;
    const [title, description] = pick(rand, GIFTCARD_TITLES)(bonus);
    promotions.push({
      id: `promo_${promotions.length + 1}`,
      vertical: "giftcard",
      operatorId: brand.id,
      title: title!,
      description: description!,
      bonusPercent: bonus,
      startsDay: 0 - intBetween(rand, 0, 5) || 0,
      endsDay: intBetween(rand, 5, 20),
    });
  }
  return promotions;
}
