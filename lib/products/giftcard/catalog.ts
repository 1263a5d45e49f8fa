import "server-only";
import {
  allGiftcardBrands,
  giftcardBrand,
  giftcardBrands,
  giftcardCountries,
  giftcardDenominations,
} from "@/lib/catalog/giftcards";
import { catalogAgeOf, type CatalogAge } from "@/lib/catalog/age";
import { loadRead, type Loaded } from "@/lib/catalog/loaded";
import { db } from "@/lib/db";
import { userFailureOf } from "@/lib/errors/user-message";
import { logger } from "@/lib/log";
import { reviewQuote, type BuyerCurrency, type ReviewQuote } from "@/lib/orders/review-quote";
import { DEFAULT_CURRENCY, type ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import { retailIn, supplierRate } from "@/lib/pricing/exchange";
import { getMargin, retailBreakdown } from "@/lib/pricing/retail";
import type { GiftcardBrand, GiftcardProduct, RatesResult } from "@/lib/upstream/commerce/schemas";
import { GIFTCARD_CATALOG_FAILURES } from "./catalog-failure";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { countryNameOf } from "./country";
import { brandLogoUrl } from "./logo";
import { giftcardRateName } from "./rate-name";
import { brandSlug, matchesQuery } from "./slug";
import type { GiftcardBrandDetail, GiftcardBrandSummary, GiftcardCountry, GiftcardDenomination } from "./types";

// The gift card catalog for the pages and the point of sale: cached upstream reads
// (lib/catalog/giftcards.ts) turned into the product's shapes. Every loader answers data with its
// age, or a message that is safe to show: an unreachable supplier with nothing cached is a clear
// message (./catalog-failure.ts), never a crash.

const fallback = GIFTCARD_CATALOG_FAILURES;
const cardValuesFailure = (error: unknown) =>
  userFailureOf(error, "gift card catalog read (card values)", fallback.cardValues);

/** The countries with gift cards, named in the buyer's language (the supplier's name where the code is not a country). */
export async function loadGiftcardCountries(locale: Locale = DEFAULT_LOCALE): Promise<Loaded<GiftcardCountry[]>> {
  const loaded = await loadRead(giftcardCountries, "gift card countries", fallback.countries);
  if (!loaded.ok) return loaded;
  const countries = loaded.value
    .map((c) => ({
      code: c.iso_short_code,
      name: countryNameOf(c.iso_short_code, locale) ?? c.country_name,
      brandCount: c.brands_count ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return { ...loaded, value: countries };
}

function summaryOf(brand: GiftcardBrand | GiftcardProduct, countryCode: string, locale: Locale): GiftcardBrandSummary {
  const code = brand.iso_short_code ?? countryCode;
  const upstreamCountry = brand.country_name ?? countryNameOf(code) ?? code.toUpperCase();
  const countryName = countryNameOf(code, locale) ?? upstreamCountry;
  // Upstream names a brand operator "Steam United Kingdom"; brand_name is the brand alone.
  const name =
    brand.brand_name?.trim() || brand.operator_name.replace(new RegExp(`\\s+${escapeRegExp(upstreamCountry)}$`), "");
  return {
    id: brand.id_operator,
    slug: brandSlug(name),
    name,
    category: brand.brand_category ?? null,
    countryCode: code,
    countryName,
    logoUrl: brandLogoUrl(brand.img),
    faceCurrency: brand.currency ?? null,
    minFaceMinor: brand.min_face_value ?? null,
    maxFaceMinor: brand.max_face_value ?? null,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export async function loadCountryBrands(
  country: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Loaded<GiftcardBrandSummary[]>> {
  const loaded = await loadRead(() => giftcardBrands(country), "gift card brands", fallback.brands);
  if (!loaded.ok) return loaded;
  return {
    ...loaded,
    value: loaded.value.map((b) => summaryOf(b, country, locale)).sort((a, b) => a.name.localeCompare(b.name, locale)),
  };
}

/** A name search across every country: brands grouped by name, each with its countries. */
export async function searchAllBrands(
  query: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<
  Loaded<Array<{ name: string; category: string | null; logoUrl: string | null; countries: GiftcardBrandSummary[] }>>
> {
  const loaded = await loadRead(allGiftcardBrands, "gift card brands", fallback.brands);
  if (!loaded.ok) return loaded;
  const groups = new Map<
    string,
    { name: string; category: string | null; logoUrl: string | null; countries: GiftcardBrandSummary[] }
  >();
  for (const item of loaded.value) {
    const brand = summaryOf(item, item.iso_short_code ?? "", locale);
    if (!brand.countryCode || !matchesQuery(brand, query)) continue;
    const group = groups.get(brand.slug) ?? {
      name: brand.name,
      category: brand.category,
      logoUrl: brand.logoUrl,
      countries: [],
    };
    group.countries.push(brand);
    groups.set(brand.slug, group);
  }
  const value = [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, "en"));
  for (const group of value) group.countries.sort((a, b) => a.countryName.localeCompare(b.countryName, locale));
  return { ...loaded, value };
}

export type BrandOffer = { brand: GiftcardBrandDetail; denominations: GiftcardDenomination[]; detailMissing: boolean };

export type BrandOfferResult = Loaded<BrandOffer> | { ok: "not_found" } | { ok: "moved"; slug: string };

/**
 * One brand in one country, found by its slug (or its numeric id, which answers "moved" to the
 * slug), with its details and its denominations at the shop's retail price (upstream cost +
 * margin: the same rule the review's quote applies). A price token the buyer sends back is
 * accepted only if it is one of these denominations.
 */
export async function loadBrandOffer(
  country: string,
  slugOrId: string,
  locale: Locale = DEFAULT_LOCALE,
  currency: ShopCurrency = DEFAULT_CURRENCY,
): Promise<BrandOfferResult> {
  const brands = await loadCountryBrands(country, locale);
  if (!brands.ok) return brands;
  const summary = brands.value.find((b) => b.slug === slugOrId) ?? brands.value.find((b) => b.id === slugOrId);
  if (!summary) return { ok: "not_found" };
  if (summary.slug !== slugOrId) return { ok: "moved", slug: summary.slug };

  const [detail, rates, margin] = await Promise.allSettled([
    giftcardBrand(summary.id),
    giftcardDenominations(summary.id),
    getMargin(db, "giftcard"),
  ]);
  if (rates.status === "rejected") return cardValuesFailure(rates.reason);
  if (margin.status === "rejected") return cardValuesFailure(margin.reason);
  if (detail.status === "rejected")
    logger.warn(
      { err: detail.reason, brandId: summary.id },
      "gift card brand detail unavailable; showing the denominations only",
    );

  const product = detail.status === "fulfilled" ? detail.value.value : null;
  const brand: GiftcardBrandDetail = {
    ...summary,
    logoUrl: brandLogoUrl(product?.logo ?? product?.img) ?? summary.logoUrl,
    description: product?.description?.trim() || null,
    redemptionInstructions: product?.redemption_instructions?.trim() || null,
    worksIn: product?.region?.works_in?.trim() || null,
  };
  const denominations = toDenominations(rates.value.value, margin.value, currency, summary.name, locale);
  const reads =
    detail.status === "fulfilled"
      ? [brands.age, catalogAgeOf(rates.value, detail.value)]
      : [brands.age, catalogAgeOf(rates.value)];
  return { ok: true, value: { brand, denominations, detailMissing: !product }, age: oldest(reads) };
}

/**
 * Each denomination at the shop's price in the buyer's currency, at the supplier's own EUR/USD
 * figures for it, named as the supplier names it or by the shop (./rate-name.ts).
 */
function toDenominations(
  rates: RatesResult,
  margin: Awaited<ReturnType<typeof getMargin>>,
  currency: ShopCurrency,
  brandName: string,
  locale: Locale,
): GiftcardDenomination[] {
  return rates.rates
    .map((rate): GiftcardDenomination => {
      const retail = {
        productType: "giftcard" as const,
        costMinor: rate.total_cost_eur,
        costCurrency: "EUR",
        amountMinor: rate.amount_eur ?? undefined,
        margin,
      };
      const exchange = supplierRate(rate.total_cost_eur, rate.total_cost_usd);
      const price = retailIn(currency, retail, exchange) ?? retailBreakdown(retail);
      return {
        token: rate.token,
        productName: giftcardRateName(rate, brandName, locale),
        faceValueMinor: rate.amount_local ?? null,
        faceCurrency: rate.currency_local ?? rates.currency ?? null,
        currency: price.currency,
        amountMinor: price.amountMinor,
        feeMinor: price.serviceFeeMinor,
        totalMinor: price.totalMinor,
        exchange,
      };
    })
    .sort((a, b) => (a.faceValueMinor ?? a.amountMinor) - (b.faceValueMinor ?? b.amountMinor));
}

function oldest(ages: CatalogAge[]): CatalogAge {
  const known = ages.filter((age): age is NonNullable<CatalogAge> => age !== null);
  if (known.length === 0) return null;
  return { ageMs: Math.max(...known.map((a) => a.ageMs)), refreshFailed: known.some((a) => a.refreshFailed) };
}

/** The review's price: the supplier's preview of the denomination plus the shop's margin. */
export function loadGiftcardQuote(priceToken: string, price: BuyerCurrency = {}): Promise<ReviewQuote> {
  return reviewQuote({ type: "giftcard", priceToken }, "gift card quote", fallback.quote, price);
}
