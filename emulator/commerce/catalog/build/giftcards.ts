import { intBetween, seededRandom } from "../../../core/random";
import { countryName } from "../countries";
import { currencyOf } from "../data/currencies";
import { GIFTCARD_BRANDS } from "../data/giftcard-brands";
import type { GiftcardBrand, Rate } from "../model";
import { eurToUsdMinor, formatLocal, niceAmount, serviceFeeMinor } from "../money";
import { outcomeByRank, SANDBOX_GIFTCARD } from "../sandbox-outcomes";
import { opaqueToken } from "../tokens";

// Gift card brands: one operator per (brand, country), ids 6001, 6002 … in definition order,
// all children of the gift card category (GIFTCARD_CATEGORY_ID). Fees come from the seed.

export const GIFTCARD_CATEGORY_ID = 900;
export const FIRST_GIFTCARD_BRAND_ID = 6001;

export function buildGiftcardBrands(seed: number): GiftcardBrand[] {
  const brands: GiftcardBrand[] = [];
  let nextId = FIRST_GIFTCARD_BRAND_ID;
  for (const definition of GIFTCARD_BRANDS) {
    for (const iso of definition.countries) {
      const currency = currencyOf(iso);
      const rand = seededRandom(seed, `giftcard:${definition.key}:${iso}`);
      const feePercent = intBetween(rand, 4, 12) / 2;
      const feeFloorMinor = intBetween(rand, 20, 50);
      const region = countryName(iso);
      const brand: GiftcardBrand = {
        id: nextId++,
        key: definition.key,
        name: definition.name,
        countryIso: iso,
        category: definition.category,
        description: definition.description,
        redemption: definition.redemption.replaceAll("{country}", region),
        currency: currency.code,
        denominations: [],
      };
      const faceValues = [
        ...new Set(definition.faceValueTargetsEur.map((eur) => niceAmount(eur / currency.eurPerUnit))),
      ].sort((a, b) => a - b);
      brand.denominations = faceValues.map((face, index): Rate => {
        const amountMinor = Math.round(face * currency.eurPerUnit * 100);
        const feeMinor = serviceFeeMinor(amountMinor, feePercent, feeFloorMinor);
        const amountUsdMinor = eurToUsdMinor(amountMinor);
        const feeUsdMinor = eurToUsdMinor(feeMinor);
        return {
          type: "giftcard",
          token: opaqueToken("gc", seed, `${brand.id}:${index}:${face}`),
          productName: `${definition.name} ${formatLocal(face, currency.code)} gift card`,
          description: `${definition.name} digital gift card worth ${formatLocal(face, currency.code)}, redeemable in ${region}.`,
          serviceType: "giftcard",
          operatorId: brand.id,
          parentOperatorId: brand.id,
          countryIso: iso,
          localAmount: face,
          localCurrency: currency.code,
          amountMinor,
          feeMinor,
          totalMinor: amountMinor + feeMinor,
          amountUsdMinor,
          feeUsdMinor,
          totalUsdMinor: amountUsdMinor + feeUsdMinor,
          outcome:
            brand.key === SANDBOX_GIFTCARD.brandKey && iso === SANDBOX_GIFTCARD.countryIso
              ? outcomeByRank(index)
              : "fulfill",
        };
      });
      brands.push(brand);
    }
  }
  return brands;
}
