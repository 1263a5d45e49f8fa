import "server-only";
import { loadBrandOffer } from "@/lib/products/giftcard/catalog";
import { lookupCarrier } from "@/lib/products/topup/carrier";
import { loadOperatorOffer } from "@/lib/products/topup/offer";
import { giftcardDetailOf } from "@/lib/products/giftcard/detail";
import { checkPhone, formatPhone } from "@/lib/validation/phone";
import type { QuoteInput } from "@/lib/orders/quote";
import type { PriceBreakdown } from "@/lib/pricing/retail";
import { isUpstreamError } from "@/lib/upstream/errors";
import { upstreamPlanLabel as planLabel, posEsimPlans } from "@/lib/products/esim/pos-catalog";
import { resolveImeiCheck, resolveUnlock } from "./resolve-unlock";
import type { SaleRequest } from "./sale-request";

// Turns what staff chose into the quote input for the order core, checking it against the
// live catalog the same way the storefront's pay actions do: the rate must be one of the
// number's operator's current rates, the denomination one of the brand's. The extra detail is
// stored on the order beside the quote's (the order page and reports read it).

/** A commerce product, priced by the upstream's preview (price-sale.ts). */
export type CommerceSale = { ok: true; label: string; quote: QuoteInput; extraDetail: Record<string, unknown> };
/** An unlocking-API product, priced by the shop's own rule (resolve-unlock.ts). */
export type PricedSale = { ok: true; label: string; pricing: PriceBreakdown; detail: Record<string, unknown>; facts: Array<{ label: string; value: string }> };
export type ResolvedSale = CommerceSale | PricedSale | { ok: false; error: string; field?: string };

export async function resolveSale(request: SaleRequest): Promise<ResolvedSale> {
  if (request.product === "topup") return resolveTopup(request);
  if (request.product === "esim") return resolveEsim(request);
  if (request.product === "unlock") return resolveUnlock(request);
  if (request.product === "imeicheck") return resolveImeiCheck(request);
  return resolveGiftcard(request);
}

async function resolveTopup(request: Extract<SaleRequest, { product: "topup" }>): Promise<ResolvedSale> {
  const phone = checkPhone(request.phone);
  if (!phone.ok) return { ok: false, error: phone.error, field: "phone" };
  const carrier = await lookupCarrier(phone.e164);
  if (!carrier.ok) return { ok: false, error: carrier.error, field: carrier.kind === "refused" ? "phone" : undefined };
  const offer = await loadOperatorOffer(carrier.carrier.operatorId);
  if (!offer.ok) return { ok: false, error: offer.error };
  const choice = offer.offer.choices.find((c) => c.token === request.rate);
  if (!choice) return { ok: false, error: "That amount is no longer offered for this number. Please choose again.", field: "rate" };
  return {
    ok: true,
    label: `${choice.productName} to ${formatPhone(phone.e164)} (${offer.offer.operatorName}, ${offer.offer.countryName})`,
    quote: { type: "topup", priceToken: choice.token, phone: phone.e164 },
    extraDetail: { operator: { id: offer.offer.operatorId, name: offer.offer.operatorName, countryCode: offer.offer.countryCode, countryName: offer.offer.countryName } },
  };
}

async function resolveEsim(request: Extract<SaleRequest, { product: "esim" }>): Promise<ResolvedSale> {
  let plans;
  try {
    plans = await posEsimPlans(request.country);
  } catch (error) {
    if (isUpstreamError(error)) return { ok: false, error: error.userMessage };
    throw error;
  }
  const plan = plans.planFor(request.plan);
  if (!plan) return { ok: false, error: "That plan is no longer offered for this destination. Please choose again.", field: "plan" };
  const destination = plan.country_name ?? request.country.toUpperCase();
  return {
    ok: true,
    label: `${planLabel(plan)} (${destination})`,
    quote: { type: "esim", priceToken: plan.price_token, catalogId: plan.catalog_id },
    extraDetail: { esim: { destinationName: destination, countryIso: request.country, planName: plan.name ?? null, dataGb: plan.data_gb ?? null, unlimited: plan.unlimited, validityDays: plan.validity_days ?? null } },
  };
}

async function resolveGiftcard(request: Extract<SaleRequest, { product: "giftcard" }>): Promise<ResolvedSale> {
  const offer = await loadBrandOffer(request.country, request.brand);
  if (offer.ok === false) return { ok: false, error: offer.error };
  if (offer.ok !== true) return { ok: false, error: "That brand is no longer sold in this country. Please choose again.", field: "brand" };
  const denomination = offer.value.denominations.find((d) => d.token === request.denomination);
  if (!denomination) return { ok: false, error: "That value is no longer offered. Please choose again.", field: "denomination" };
  const { brand } = offer.value;
  return {
    ok: true,
    label: `${denomination.productName} (${brand.name}, ${brand.countryName})`,
    quote: { type: "giftcard", priceToken: denomination.token },
    extraDetail: { giftcard: giftcardDetailOf(brand, denomination) },
  };
}
