import "server-only";
import { loadDestinations } from "./esim/catalog";
import { loadGiftcardCountries } from "./giftcard/catalog";
import { loadTopupCountries } from "./topup/catalog";
import { loadBrands } from "./unlock/catalog";

// What the home page says about each product's range, counted from the catalog the shop sells
// from (never a number written by hand, which drifts from the catalog; docs/storefront.md, "Across
// the shop"). A catalog that cannot be read just says nothing.

/** How many of each product's range the catalog holds; the home page words them in its language. */
export type CatalogClaims = Partial<{
  topup: { countries: number };
  esim: { countries: number; regions: number };
  giftcard: { countries: number };
  unlock: { brands: number };
}>;

export async function catalogClaims(): Promise<CatalogClaims> {
  const [topup, esim, giftcard, unlock] = await Promise.all([
    loadTopupCountries(),
    loadDestinations(),
    loadGiftcardCountries(),
    loadBrands(),
  ]);
  const claims: CatalogClaims = {};
  if (topup.ok && topup.value.length > 0) claims.topup = { countries: topup.value.length };
  if (esim.ok && esim.value.countries.length + esim.value.regions.length > 0)
    claims.esim = { countries: esim.value.countries.length, regions: esim.value.regions.length };
  if (giftcard.ok && giftcard.value.length > 0) claims.giftcard = { countries: giftcard.value.length };
  if (unlock.ok && unlock.value.length > 0) claims.unlock = { brands: unlock.value.length };
  return claims;
}
