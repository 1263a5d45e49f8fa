import "server-only";
import { allPages, commerceClient } from "@/lib/upstream/commerce";
import { catalogCache } from "./cache-default";
import { cachedRead } from "./cached";

// Cached travel eSIM catalog reads. Plans carry signed, expiring price tokens, so they live
// ten minutes (lifetimes.ts).

export const esimDestinations = () => cachedRead("esim.destinations", {}, () => allPages((cursor) => commerceClient().listEsimDestinations({ cursor, limit: 100 })));

export const esimPlans = (countryIso: string) =>
  cachedRead("esim.plans", { countryIso: countryIso.toLowerCase() }, () =>
    allPages((cursor) => commerceClient().listEsimProducts({ country_iso: countryIso.toLowerCase(), cursor, limit: 100 })),
  );

export const esimPlan = (catalogId: string) => cachedRead("esim.plans", { catalogId }, () => commerceClient().getEsimProduct(catalogId));

/**
 * A live eSIM call answered ESIM_DISABLED: the cached destinations and plans would otherwise
 * go on listing plans for up to a day. Their next read refreshes and sees the switch.
 */
export const expireEsimCatalog = () => catalogCache.expire(["esim.destinations", "esim.plans"]);
