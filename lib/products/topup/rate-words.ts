import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { operatorRates } from "@/lib/catalog/topup";
import { loadRead } from "@/lib/catalog/loaded";
import type { Rate } from "@/lib/upstream/commerce";

// A top-up rate's words in the buyer's language, for the country page's rows. The catalog search
// they are priced from takes no `lang`; an operator's rates do (upstream-notes), so a page in
// another language reads them too (cached per operator and language: the same read an
// operator's offer sells from, ./offer.ts) and takes from them only each rate's name and
// description, matched by its price token. Prices, tokens and everything else stay the search's.
// A rate the translated read lacks or leaves unnamed, or a read that fails, keeps the search's
// words: the page still sells.

export type RateWords = <T extends Pick<Rate, "token" | "product_name" | "description">>(rate: T) => T;

const asIs: RateWords = (rate) => rate;

/** The words of the rates of these operators (carriers or their service types) in `locale`. */
export async function rateWordsIn(operatorIds: readonly (string | number)[], locale: Locale): Promise<RateWords> {
  if (locale === DEFAULT_LOCALE || operatorIds.length === 0) return asIs;
  const reads = await Promise.all(
    [...new Set(operatorIds.map(String))].map((id) =>
      loadRead(() => operatorRates(id, locale), "top-up rates in a language"),
    ),
  );
  const byToken = new Map(reads.flatMap((read) => (read.ok ? read.value.rates : [])).map((rate) => [rate.token, rate]));
  if (byToken.size === 0) return asIs;
  return (rate) => {
    const words = byToken.get(rate.token);
    return words
      ? {
          ...rate,
          product_name: words.product_name ?? rate.product_name,
          description: words.description ?? rate.description,
        }
      : rate;
  };
}
