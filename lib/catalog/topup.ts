import "server-only";
import { createHash } from "node:crypto";
import { allPages, commerceClient } from "@/lib/upstream/commerce";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { cachedRead } from "./cached";
import { upstreamLang } from "./upstream-lang";
import { catalogKey } from "./lifetimes";

// Cached top-up catalog reads (lifetimes in lifetimes.ts). Every read returns the value with
// its age and staleness, so pages can say "prices as of …" when the upstream is down.

export const topupCountries = () =>
  cachedRead("topup.countries", {}, () =>
    allPages((cursor) => commerceClient().listTopupCountries({ cursor, limit: 100 })),
  );

export const topupOperators = (country: string) =>
  cachedRead("topup.operators", { country: country.toLowerCase() }, () =>
    commerceClient().listTopupOperators({ country: country.toLowerCase() }),
  );

export const operatorServiceTypes = (operatorId: string) =>
  cachedRead("topup.service-types", { operatorId }, () => commerceClient().listOperatorServiceTypes(operatorId));

/**
 * An operator's price points (C§4 "price points with token, fees, totals"), in a buyer's language
 * (`lang`, upstream-notes): the tokens and prices the shop sells at, and the rates' texts as the
 * upstream writes them in that language (lib/products/topup/offer.ts).
 */
export const operatorRates = (operatorId: string, locale: Locale) => {
  const lang = upstreamLang(locale);
  return cachedRead("topup.rates", { operatorId, lang }, () => commerceClient().getOperatorRates(operatorId, { lang }));
};

/** The operator detail: read for the operator's own fields only (lib/products/topup/offer.ts). */
export const topupProduct = (operatorId: string) =>
  cachedRead("topup.products", { operatorId }, () => commerceClient().getTopupProduct(operatorId));

export const topupPromotions = () =>
  cachedRead("topup.promotions", {}, () =>
    allPages((cursor) => commerceClient().listTopupPromotions({ cursor, limit: 100 })),
  );

export const searchTopupProducts = (country: string) =>
  cachedRead("topup.products", { search: country.toLowerCase() }, () =>
    allPages((cursor) => commerceClient().searchTopupProducts({ country: country.toLowerCase(), cursor, limit: 100 })),
  );

const carrierParams = (e164: string) => ({ phone: createHash("sha256").update(e164).digest("hex").slice(0, 32) });

/** Carrier of one number; the cache key holds a hash, never the number itself. */
export const carrierLookup = (e164: string) =>
  cachedRead("topup.carrier-lookup", carrierParams(e164), () => commerceClient().lookupCarrier(e164));

/** The cache key of carrierLookup(e164): lets the page tell a lookup the cache answers from one that asks the upstream. */
export const carrierLookupKey = (e164: string) => catalogKey("topup.carrier-lookup", carrierParams(e164));
