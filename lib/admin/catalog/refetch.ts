import "server-only";
import { allPages, commerceClient } from "@/lib/upstream/commerce";
import { unlockClient } from "@/lib/upstream/unlock";
import type { CatalogResource } from "@/lib/catalog/lifetimes";

// "Refresh now" on the catalog cache page needs, for a stored key, the upstream call that
// fills it. The keys are built by lib/catalog/{topup,esim,giftcards,unlock}.ts as
// `<resource>?<params>`; this maps a key back to the same call, with the same parameters.
// Keep it in step with those files (a key it does not know can still be dropped, so the next
// read fetches it). A carrier lookup cannot be refreshed: its key holds a hash, not the number.

export type Refetch = { resource: CatalogResource; fetch: () => Promise<unknown> };

type Params = Record<string, string>;
type Maker = (p: Params) => (() => Promise<unknown>) | null;

const num = (value: string | undefined) => (value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : null);

const MAKERS: Partial<Record<CatalogResource, Maker>> = {
  "topup.countries": () => () => allPages((cursor) => commerceClient().listTopupCountries({ cursor, limit: 100 })),
  "topup.operators": (p) => (p.country ? () => commerceClient().listTopupOperators({ country: p.country! }) : null),
  "topup.service-types": (p) => (p.operatorId ? () => commerceClient().listOperatorServiceTypes(p.operatorId!) : null),
  "topup.rates": (p) =>
    p.operatorId
      ? () => commerceClient().getOperatorRates(p.operatorId!, { service_type: p.serviceType, lang: p.lang })
      : null,
  "topup.products": (p) =>
    p.operatorId
      ? () => commerceClient().getTopupProduct(p.operatorId!)
      : p.search
        ? () => allPages((cursor) => commerceClient().searchTopupProducts({ country: p.search!, cursor, limit: 100 }))
        : null,
  "topup.promotions": () => () => allPages((cursor) => commerceClient().listTopupPromotions({ cursor, limit: 100 })),
  "esim.destinations": (p) => () =>
    allPages((cursor) => commerceClient().listEsimDestinations({ cursor, limit: 100, lang: p.lang })),
  "esim.plans": (p) =>
    p.catalogId
      ? () => commerceClient().getEsimProduct(p.catalogId!, { lang: p.lang })
      : p.countryIso
        ? () =>
            allPages((cursor) =>
              commerceClient().listEsimProducts({ country_iso: p.countryIso!, cursor, limit: 100, lang: p.lang }),
            )
        : null,
  "giftcard.countries": () => () =>
    allPages((cursor) => commerceClient().listGiftcardCountries({ cursor, limit: 100 })),
  "giftcard.brands": (p) =>
    p.brandId
      ? () => commerceClient().getGiftcardProduct(p.brandId!)
      : p.country
        ? () => allPages((cursor) => commerceClient().listGiftcardBrands({ country: p.country!, cursor, limit: 100 }))
        : p.all === "true"
          ? () => allPages((cursor) => commerceClient().listGiftcardBrands({ cursor, limit: 100 }))
          : null,
  "giftcard.products": (p) => (p.brandId ? () => commerceClient().getGiftcardBrandProducts(p.brandId!) : null),
  "unlock.countries": () => () => unlockClient().countries(),
  "unlock.networks": (p) => (num(p.countryId) !== null ? () => unlockClient().networks(num(p.countryId)!) : null),
  "unlock.brands": () => () => unlockClient().brands(),
  "unlock.devices": (p) => (num(p.brandId) !== null ? () => unlockClient().devices(num(p.brandId)!) : null),
  "unlock.tools": (p) =>
    num(p.deviceId) !== null && num(p.networkId) !== null
      ? () => unlockClient().tools(num(p.deviceId)!, num(p.networkId)!)
      : null,
};

/** The refetch for a stored cache key, or null when the key cannot be refreshed from here. */
export function refetchFor(key: string): Refetch | null {
  const [resource = "", query = ""] = key.split("?", 2);
  const maker = MAKERS[resource as CatalogResource];
  if (!maker) return null;
  const params = Object.fromEntries(new URLSearchParams(query));
  const fetch = maker(params);
  return fetch ? { resource: resource as CatalogResource, fetch } : null;
}
