import "server-only";
import { allPages, commerceClient } from "@/lib/upstream/commerce";
import { cachedRead } from "./cached";

// Cached gift card catalog reads.

export const giftcardCountries = () =>
  cachedRead("giftcard.countries", {}, () =>
    allPages((cursor) => commerceClient().listGiftcardCountries({ cursor, limit: 100 })),
  );

export const giftcardBrands = (country: string) =>
  cachedRead("giftcard.brands", { country: country.toLowerCase() }, () =>
    allPages((cursor) => commerceClient().listGiftcardBrands({ country: country.toLowerCase(), cursor, limit: 100 })),
  );

export const giftcardBrand = (brandId: string) =>
  cachedRead("giftcard.brands", { brandId }, () => commerceClient().getGiftcardProduct(brandId));

export const giftcardDenominations = (brandId: string) =>
  cachedRead("giftcard.products", { brandId }, () => commerceClient().getGiftcardBrandProducts(brandId));

/** Every brand in every country (one daily entry), for a name search across countries. */
export const allGiftcardBrands = () =>
  cachedRead("giftcard.brands", { all: true }, () =>
    allPages((cursor) => commerceClient().listGiftcardBrands({ cursor, limit: 100 })),
  );
