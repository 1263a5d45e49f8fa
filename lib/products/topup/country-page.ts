import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { countryNameOf, isCountryCode } from "./countries";
import type { OperatorCard, OperatorChoice, ProductRow, PromotionView } from "./types";
import { operatorHref, type TopupQuery } from "./urls";
import { catalogImageUrl } from "@/lib/catalog/images";
import { searchTopupProducts, topupOperators } from "@/lib/catalog/topup";
import { db } from "@/lib/db";
import { getMargin } from "@/lib/pricing/retail";
import { loadPromotions, loadTopupCountries } from "./catalog";
import { loadRead, type Loaded } from "@/lib/catalog/loaded";
import { toChoice, UNTYPED_RATES } from "./offer";
import { rateWordsIn } from "./rate-words";
import { DEFAULT_CURRENCY, type ShopCurrency } from "@/lib/i18n/currency-routing.mjs";

// A country's page: its operators (cards), its top-ups from the catalog search (at retail
// prices), its promotions. Each part loads on its own, so one failing read leaves the others.

export type CountryPage = {
  name: string;
  /** False when the code is not a country at all (the upstream refused it). */
  known: boolean;
  operators: Loaded<OperatorCard[]>;
  products: Loaded<ProductRow[]>;
  promotions: PromotionView[];
};

export async function loadCountryPage(
  country: string,
  query: TopupQuery = {},
  locale: Locale = DEFAULT_LOCALE,
  currency: ShopCurrency = DEFAULT_CURRENCY,
): Promise<CountryPage> {
  const [operators, products, promotions, countries, margin] = await Promise.all([
    loadRead(() => topupOperators(country), "top-up operators"),
    loadRead(() => searchTopupProducts(country), "top-up product search"),
    loadPromotions(country, undefined, locale),
    loadTopupCountries(locale),
    getMargin(db, "topup"),
  ]);
  const listed = countries.ok ? countries.value.find((c) => c.iso_short_code === country)?.country_name : undefined;
  const name = countryNameOf(country, listed ?? (operators.ok ? operators.value[0]?.country_name : undefined), locale);
  const known = isCountryCode(country) && !(!operators.ok && operators.code === "INVALID_COUNTRY");

  const promotionOf = (operatorId: string) => {
    const promotion = promotions.find((p) => p.operatorId === operatorId);
    return promotion ? { title: promotion.title } : null;
  };
  const cards: Loaded<OperatorCard[]> = operators.ok
    ? {
        ...operators,
        value: operators.value
          .filter((o) => o.parent_category !== "giftcards")
          .map((o) => ({
            href: operatorHref(country, o.id_operator, o.operator_name, query),
            operatorId: o.id_operator,
            operatorName: o.operator_name,
            logoUrl: catalogImageUrl(o.img),
            serviceTypes: (o.service_types ?? []).filter((t): t is string => typeof t === "string"),
            promotion: promotionOf(o.id_operator),
          })),
      }
    : operators;

  const topups = products.ok
    ? products.value.filter(
        (row) => (row.id_parent ?? row.id_operator) && row.category !== "giftcard" && row.category !== "giftcards",
      )
    : [];
  const words = await rateWordsIn(
    topups.map((row) => (row.id_parent ?? row.id_operator)!),
    locale,
  );
  const rows: Loaded<ProductRow[]> = products.ok
    ? {
        ...products,
        value: topups.flatMap((row) => {
          const operatorId = (row.id_parent ?? row.id_operator)!;
          const operatorName = row.operator_name ?? "";
          return toChoice(words(row), row.service_type ?? UNTYPED_RATES, margin, currency, locale).map((choice) => ({
            choice,
            operatorName,
            href: operatorHref(country, operatorId, operatorName, { ...query, rate: choice.token }),
          }));
        }),
      }
    : products;

  return { name, known, operators: cards, products: rows, promotions };
}

/** The country's operators for "Not your operator?" (empty when they cannot be read). */
export async function loadOperatorChoices(country: string): Promise<OperatorChoice[]> {
  const operators = await loadRead(() => topupOperators(country), "top-up operators");
  if (!operators.ok) return [];
  return operators.value
    .filter((o) => o.parent_category !== "giftcards")
    .map((o) => ({ operatorId: o.id_operator, operatorName: o.operator_name, logoUrl: catalogImageUrl(o.img) }));
}
