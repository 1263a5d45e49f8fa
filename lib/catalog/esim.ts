import "server-only";
import { allPages, commerceClient } from "@/lib/upstream/commerce";
import { isUpstreamError } from "@/lib/upstream/errors";
import { catalogCache } from "./cache-default";
import { cachedRead } from "./cached";

// Cached travel eSIM catalog reads. Plans carry signed, expiring price tokens, so they live
// ten minutes (lifetimes.ts).

/**
 * A live eSIM call answered ESIM_DISABLED: the cached destinations and plans would otherwise
 * go on listing plans for up to a day. Their next read refreshes and sees the switch.
 */
export const expireEsimCatalog = () => catalogCache.expire(["esim.destinations", "esim.plans"]);

/** A catalog fetch that, when the supplier says eSIMs are off, also ends the rest of the catalog's lifetime. */
function live<T>(fetch: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await fetch();
    } catch (error) {
      if (isUpstreamError(error) && error.canonicalCode === "ESIM_DISABLED") await expireEsimCatalog();
      throw error;
    }
  };
}

export const esimDestinations = () => cachedRead("esim.destinations", {}, live(() => allPages((cursor) => commerceClient().listEsimDestinations({ cursor, limit: 100 }))));

export const esimPlans = (countryIso: string) =>
  cachedRead(
    "esim.plans",
    { countryIso: countryIso.toLowerCase() },
    live(() => allPages((cursor) => commerceClient().listEsimProducts({ country_iso: countryIso.toLowerCase(), cursor, limit: 100 }))),
  );

export const esimPlan = (catalogId: string) => cachedRead("esim.plans", { catalogId }, live(() => commerceClient().getEsimProduct(catalogId)));
