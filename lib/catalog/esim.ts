import "server-only";
import { allPages, commerceClient } from "@/lib/upstream/commerce";
import { cachedRead } from "./cached";

// Cached travel eSIM catalog reads. Plans carry signed, expiring price tokens, so they live
// ten minutes (lifetimes.ts).

export const esimDestinations = () => cachedRead("esim.destinations", {}, () => allPages((cursor) => commerceClient().listEsimDestinations({ cursor, limit: 100 })));

export const esimPlans = (countryIso: string) =>
  cachedRead("esim.plans", { countryIso: countryIso.toLowerCase() }, () =>
    allPages((cursor) => commerceClient().listEsimProducts({ country_iso: countryIso.toLowerCase(), cursor, limit: 100 })),
  );

export const esimPlan = (catalogId: string) => cachedRead("esim.plans", { catalogId }, () => commerceClient().getEsimProduct(catalogId));
