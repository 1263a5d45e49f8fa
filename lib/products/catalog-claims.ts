import "server-only";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { loadDestinations } from "./esim/catalog";
import { loadGiftcardCountries } from "./giftcard/catalog";
import { loadTopupCountries } from "./topup/catalog";
import { loadBrands } from "./unlock/catalog";

// What the home page says about each product's range, counted from the catalog the shop sells
// from (never a number written by hand, which drifts from the catalog: issue [15] found "150+
// destinations" beside a catalog of 46). A catalog that cannot be read just says nothing.

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

export async function catalogClaims(): Promise<Partial<Record<ProductType, string>>> {
  const [topup, esim, giftcard, unlock] = await Promise.all([loadTopupCountries(), loadDestinations(), loadGiftcardCountries(), loadBrands()]);
  const claims: Partial<Record<ProductType, string>> = {};
  if (topup.ok && topup.value.length > 0) claims.topup = `Operators in ${plural(topup.value.length, "country", "countries")}`;
  if (esim.ok && esim.value.countries.length + esim.value.regions.length > 0) {
    const { countries, regions } = esim.value;
    claims.esim = regions.length > 0 ? `${plural(countries.length, "country", "countries")} and ${plural(regions.length, "region", "regions")}` : plural(countries.length, "country", "countries");
  }
  if (giftcard.ok && giftcard.value.length > 0) claims.giftcard = `Brands for ${plural(giftcard.value.length, "country", "countries")}`;
  if (unlock.ok && unlock.value.length > 0) claims.unlock = `Phones of ${plural(unlock.value.length, "brand", "brands")}`;
  return claims;
}
