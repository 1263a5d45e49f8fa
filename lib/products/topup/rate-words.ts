import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { operatorRates } from "@/lib/catalog/topup";
import { loadRead } from "@/lib/catalog/loaded";
import type { Rate } from "@/lib/upstream/commerce";

// A top-up rate's words in the buyer's language ([16]). The operator detail and the catalog
// search, which the shop prices from, take no `lang`; an operator's rates do, so a page in
// another language reads them too (cached per operator and language) and takes from them only
// each rate's name and description, matched by its price token. Prices, tokens and everything
// else stay the priced read's. A rate the translated read lacks, or a read that fails, keeps
// the upstream's English: the page still sells.

export type RateWords = <T extends Pick<Rate, "token" | "product_name" | "description">>(rate: T) => T;

const asIs: RateWords = (rate) => rate;

/** The words of the rates of these operators (carriers or their service types) in `locale`. */
export async function rateWordsIn(operatorIds: readonly (string | number)[], locale: Locale): Promise<RateWords> {
  if (locale === DEFAULT_LOCALE || operatorIds.length === 0) return asIs;
  const reads = await Promise.all([...new Set(operatorIds.map(String))].map((id) => loadRead(() => operatorRates(id, locale), "top-up rates in a language")));
  const byToken = new Map(reads.flatMap((read) => (read.ok ? read.value.rates : [])).map((rate) => [rate.token, rate]));
  if (byToken.size === 0) return asIs;
  return (rate) => {
    const words = byToken.get(rate.token);
    return words ? { ...rate, product_name: words.product_name, description: words.description ?? rate.description } : rate;
  };
}
