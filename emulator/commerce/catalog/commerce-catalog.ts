import type { CommerceCatalog, PricedProduct, TokenResolution } from "../priced-product";
import type { CatalogState } from "./catalog-state";
import type { EsimPlan, Rate } from "./model";
import { toDecimal } from "./money";
import { esimPlanName } from "./presenters";
import { outcomeForPhone } from "./sandbox-outcomes";
import { verifyEsimToken } from "./tokens";

// The catalog's side of the contract with the order core (../priced-product.ts).

function rateProduct(state: CatalogState, rate: Rate): PricedProduct {
  const ref = state.operator(rate.parentOperatorId, ["topup", "giftcard"]);
  const operatorName = ref?.kind === "carrier" ? ref.carrier.name : ref?.kind === "brand" ? ref.brand.name : undefined;
  return {
    type: rate.type,
    token: rate.token,
    productName: rate.productName,
    description: rate.description,
    operatorId: String(rate.parentOperatorId),
    operatorName,
    serviceType: rate.serviceType === "giftcard" ? undefined : rate.serviceType,
    countryIso: rate.countryIso,
    amountMinor: rate.amountMinor,
    serviceFeeMinor: rate.feeMinor,
    totalMinor: rate.totalMinor,
    totalUsdMinor: rate.totalUsdMinor,
    serviceFeeUsdMinor: rate.feeUsdMinor,
    outcome: rate.outcome,
  };
}

function planProduct(plan: EsimPlan, token: string): PricedProduct {
  return {
    type: "esim",
    token,
    productName: esimPlanName(plan, "en"),
    description: `Travel eSIM data plan, ${plan.unlimited ? "unlimited data" : `${plan.dataGb} GB`} for ${plan.validityDays} days.`,
    catalogId: plan.catalogId,
    dataGb: plan.dataGb,
    unlimited: plan.unlimited,
    validityDays: plan.validityDays,
    countryIso: plan.destination,
    amountMinor: plan.retailMinor,
    serviceFeeMinor: 0,
    totalMinor: plan.retailMinor,
    totalUsdMinor: plan.retailUsdMinor,
    serviceFeeUsdMinor: 0,
    outcome: plan.outcome,
  };
}

export function resolvePriceToken(state: CatalogState, token: string, now: number): TokenResolution {
  if (token.startsWith("esim__")) {
    const check = verifyEsimToken(state.esimTokenKey, token, now);
    if (!check.ok) return check;
    const plan = state.plan(check.fields.catalogId);
    if (!plan || plan.unlimited !== check.fields.unlimited) return { ok: false, reason: "invalid" };
    const price = check.fields.currency === "USD" ? plan.retailUsdMinor : plan.retailMinor;
    if (toDecimal(price) !== check.fields.amount) return { ok: false, reason: "invalid" };
    return { ok: true, product: planProduct(plan, token) };
  }
  const rate = state.rate(token);
  return rate ? { ok: true, product: rateProduct(state, rate) } : { ok: false, reason: "invalid" };
}

export function commerceCatalog(state: CatalogState): CommerceCatalog {
  return {
    resolveToken: (token, now) => resolvePriceToken(state, token, now),
    outcomeForPhone,
  };
}
