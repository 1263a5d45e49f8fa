// A small catalog of known products for the order core's tests (not a test file itself).
// Unknown tokens and phones fall through to the real catalog, so the same emulator also
// serves real catalog tokens.
import type { CommerceCatalog, PricedProduct, SimulatedOutcome } from "../../priced-product";

const base = { description: "Test product", serviceFeeUsdMinor: 0, outcome: "fulfill" as SimulatedOutcome };

function product(
  p: Omit<PricedProduct, "description" | "serviceFeeUsdMinor" | "outcome" | "totalMinor" | "totalUsdMinor"> &
    Partial<PricedProduct>,
): PricedProduct {
  const totalMinor = p.amountMinor + p.serviceFeeMinor;
  return { ...base, totalMinor, totalUsdMinor: Math.round(totalMinor * 1.1), ...p };
}

export const TOKENS = {
  /** GB top-up: 10.00 + 0.50 service fee. */
  topup: "fake_topup_gb_10",
  topupFails: "fake_topup_gb_fails",
  topupManual: "fake_topup_gb_manual",
  /** 4.50 EUR: more than acct_poor's 1.00. */
  esim: "fake_esim_eu_5gb",
  esimUnlimited: "fake_esim_ww_unlimited",
  giftcard: "fake_giftcard_25",
  expired: "fake_expired",
} as const;

export const ESIM_CATALOG_ID = "fake-eu-5gb";
export const UNLIMITED_CATALOG_ID = "fake-ww-unlimited";
/** Valid GB mobile numbers (libphonenumber example). */
export const GB_PHONE = "+447400123456";
export const ES_PHONE = "+34612345678";
/** The fake catalog's always-failing number. */
export const FAILING_PHONE = "+447400000666";

const PRODUCTS: Record<string, PricedProduct> = {
  [TOKENS.topup]: product({
    type: "topup",
    token: TOKENS.topup,
    productName: "UK Mobile 10 EUR",
    operatorId: "901",
    operatorName: "UK Mobile",
    serviceType: "airtime",
    countryIso: "gb",
    amountMinor: 1000,
    serviceFeeMinor: 50,
  }),
  [TOKENS.topupFails]: product({
    type: "topup",
    token: TOKENS.topupFails,
    productName: "UK Mobile failing",
    operatorId: "902",
    countryIso: "gb",
    amountMinor: 500,
    serviceFeeMinor: 25,
    outcome: "fail",
  }),
  [TOKENS.topupManual]: product({
    type: "topup",
    token: TOKENS.topupManual,
    productName: "UK Mobile manual",
    operatorId: "903",
    countryIso: "gb",
    amountMinor: 500,
    serviceFeeMinor: 25,
    outcome: "manual_revision",
  }),
  [TOKENS.esim]: product({
    type: "esim",
    token: TOKENS.esim,
    productName: "Europe 5 GB / 7 days",
    catalogId: ESIM_CATALOG_ID,
    dataGb: 5,
    unlimited: false,
    validityDays: 7,
    countryIso: "eu",
    amountMinor: 400,
    serviceFeeMinor: 50,
  }),
  [TOKENS.esimUnlimited]: product({
    type: "esim",
    token: TOKENS.esimUnlimited,
    productName: "World unlimited / 3 days",
    catalogId: UNLIMITED_CATALOG_ID,
    dataGb: null,
    unlimited: true,
    validityDays: 3,
    countryIso: "ww",
    amountMinor: 2000,
    serviceFeeMinor: 100,
  }),
  [TOKENS.giftcard]: product({
    type: "giftcard",
    token: TOKENS.giftcard,
    productName: "Game Store 25 EUR",
    operatorId: "7001",
    operatorName: "Game Store",
    countryIso: "es",
    amountMinor: 2500,
    serviceFeeMinor: 125,
  }),
};

export function fakeCatalog(real: CommerceCatalog): CommerceCatalog {
  return {
    resolveToken(token, now) {
      if (token === TOKENS.expired) return { ok: false, reason: "expired" };
      const found = PRODUCTS[token];
      return found ? { ok: true, product: found } : real.resolveToken(token, now);
    },
    outcomeForPhone(e164) {
      return e164 === FAILING_PHONE ? "fail" : real.outcomeForPhone(e164);
    },
  };
}
