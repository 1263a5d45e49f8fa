import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { allPages, commerceClient } from "@/lib/upstream/commerce";
import { isUpstreamError } from "@/lib/upstream/errors";
import { catalogCache } from "./cache-default";
import { cachedRead } from "./cached";
import { upstreamLang } from "./upstream-lang";

// Cached travel eSIM catalog reads. Plans carry signed, expiring price tokens, so they live
// ten minutes (lifetimes.ts). Each read is in a buyer's language (docs/i18n.md): the upstream
// writes destination and plan names in it when it has them (`lang`), so each language other than
// English has its own cache entries (English reads pass no `lang`).

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

export const esimDestinations = (locale: Locale = DEFAULT_LOCALE) => {
  const lang = upstreamLang(locale);
  return cachedRead(
    "esim.destinations",
    { lang },
    live(() => allPages((cursor) => commerceClient().listEsimDestinations({ cursor, limit: 100, lang }))),
  );
};

export const esimPlans = (countryIso: string, locale: Locale = DEFAULT_LOCALE) => {
  const lang = upstreamLang(locale);
  return cachedRead(
    "esim.plans",
    { countryIso: countryIso.toLowerCase(), lang },
    live(() =>
      allPages((cursor) =>
        commerceClient().listEsimProducts({ country_iso: countryIso.toLowerCase(), cursor, limit: 100, lang }),
      ),
    ),
  );
};

export const esimPlan = (catalogId: string, locale: Locale = DEFAULT_LOCALE) => {
  const lang = upstreamLang(locale);
  return cachedRead(
    "esim.plans",
    { catalogId, lang },
    live(() => commerceClient().getEsimProduct(catalogId, { lang })),
  );
};
