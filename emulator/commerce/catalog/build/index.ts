import type { Catalog } from "../model";
import { buildEsimDestinations, buildEsimPlans } from "./esim";
import { buildGiftcardBrands } from "./giftcards";
import { buildPromotions } from "./promotions";
import { buildTopupOperators } from "./topup";

/** The whole catalog for a seed: pure, so the same seed always gives the same catalog. */
export function buildCatalog(seed: number): Catalog {
  const topupOperators = buildTopupOperators(seed);
  const giftcardBrands = buildGiftcardBrands(seed);
  const esimDestinations = buildEsimDestinations();
  return {
    seed,
    topupCountries: [...new Set(topupOperators.map((o) => o.countryIso))],
    giftcardCountries: [...new Set(giftcardBrands.map((b) => b.countryIso))],
    topupOperators,
    giftcardBrands,
    esimDestinations,
    esimPlans: buildEsimPlans(seed, esimDestinations),
    promotions: buildPromotions(seed, topupOperators, giftcardBrands),
  };
}
