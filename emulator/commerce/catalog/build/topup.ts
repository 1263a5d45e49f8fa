import { intBetween, seededRandom } from "../../../core/random";
import { countryName } from "../countries";
import { currencyOf, type LocalCurrency } from "../data/currencies";
import { TOPUP_OPERATOR_BRANDS } from "../data/topup-operators";
import type { Rate, ServiceOperator, TopupOperator, TopupServiceType } from "../model";
import { eurToUsdMinor, formatLocal, niceAmount, serviceFeeMinor } from "../money";
import { outcomeByRank, SANDBOX_TOPUP } from "../sandbox-outcomes";
import { opaqueToken } from "../tokens";
import { operationalEntries } from "./mcc-mnc";

// Top-up operators: real carriers (data/topup-operators.ts + mcc-mnc-list), with prices,
// fees and which service types they offer drawn from the seed.
//
// Ids: carriers get 1000, 1010, 1020 … in catalog order; their service types are child
// operators parent+1 (airtime), +2 (data), +3 (bundle), as upstream models service types.

export const FIRST_TOPUP_OPERATOR_ID = 1000;
const SERVICE_OFFSET: Record<TopupServiceType, number> = { airtime: 1, data: 2, bundle: 3 };
const AIRTIME_TARGETS_EUR = [5, 10, 15, 20, 30, 50];
const DATA_OPTIONS = [
  { gb: 1, days: 7 },
  { gb: 2, days: 30 },
  { gb: 5, days: 30 },
  { gb: 10, days: 30 },
  { gb: 20, days: 30 },
];
const BUNDLE_OPTIONS = [
  { minutes: 100, gb: 2, eur: [6, 10] },
  { minutes: 300, gb: 5, eur: [12, 18] },
  { minutes: null, gb: 15, eur: [22, 35] },
];

type Pricing = { seed: number; feePercent: number; feeFloorMinor: number; currency: LocalCurrency };
type Texts = { productName: string; description: string };
type Draft = Texts & { es: Texts; localAmount: number; dataGb?: number; validityDays?: number };

function priceRate(p: Pricing, service: ServiceOperator, carrier: TopupOperator, draft: Draft, index: number): Rate {
  const amountMinor = Math.max(1, Math.round(draft.localAmount * p.currency.eurPerUnit * 100));
  const feeMinor = serviceFeeMinor(amountMinor, p.feePercent, p.feeFloorMinor);
  const amountUsdMinor = eurToUsdMinor(amountMinor);
  const feeUsdMinor = eurToUsdMinor(feeMinor);
  return {
    type: "topup",
    token: opaqueToken("tp", p.seed, `${service.id}:${index}:${draft.localAmount}`),
    productName: draft.productName,
    description: draft.description,
    translated: { es: draft.es },
    serviceType: service.serviceType,
    operatorId: service.id,
    parentOperatorId: carrier.id,
    countryIso: carrier.countryIso,
    localAmount: draft.localAmount,
    localCurrency: p.currency.code,
    amountMinor,
    feeMinor,
    totalMinor: amountMinor + feeMinor,
    amountUsdMinor,
    feeUsdMinor,
    totalUsdMinor: amountUsdMinor + feeUsdMinor,
    dataGb: draft.dataGb,
    validityDays: draft.validityDays,
    outcome: "fulfill",
  };
}

function drafts(type: TopupServiceType, carrier: TopupOperator, cur: LocalCurrency, rand: () => number): Draft[] {
  const where = countryName(carrier.countryIso);
  const whereEs = countryName(carrier.countryIso, "es");
  const local = (eur: number) => niceAmount(eur / cur.eurPerUnit);
  if (type === "airtime") {
    const kept = AIRTIME_TARGETS_EUR.filter((_, i) => i < 2 || rand() < 0.75);
    const amounts = [...new Set(kept.map(local))].sort((a, b) => a - b);
    return amounts.map((amount) => ({
      productName: `${carrier.name} ${formatLocal(amount, cur.code)} Airtime`,
      description: `${formatLocal(amount, cur.code)} of prepaid credit added to a ${carrier.name} number in ${where}.`,
      es: {
        productName: `${carrier.name} Saldo ${formatLocal(amount, cur.code)}`,
        description: `${formatLocal(amount, cur.code)} de saldo prepago en un número de ${carrier.name} en ${whereEs}.`,
      },
      localAmount: amount,
    }));
  }
  if (type === "data") {
    const perGbEur = 1 + rand() * 3;
    const options = DATA_OPTIONS.filter(() => rand() < 0.7);
    const chosen = options.length > 0 ? options : DATA_OPTIONS.slice(0, 2);
    return chosen.map((o) => ({
      productName: `${carrier.name} ${o.gb} GB Data, ${o.days} days`,
      description: `${o.gb} GB of mobile data valid for ${o.days} days on ${carrier.name} (${where}).`,
      es: {
        productName: `${carrier.name} Datos ${o.gb} GB, ${o.days} días`,
        description: `${o.gb} GB de datos móviles válidos durante ${o.days} días en ${carrier.name} (${whereEs}).`,
      },
      localAmount: local(3 + perGbEur * o.gb ** 0.8),
      dataGb: o.gb,
      validityDays: o.days,
    }));
  }
  return BUNDLE_OPTIONS.map((o) => ({
    productName: `${carrier.name} Bundle ${o.minutes ?? "Unlimited"} min + ${o.gb} GB`,
    description: `${o.minutes ? `${o.minutes} minutes` : "Unlimited national calls"}, unlimited SMS and ${o.gb} GB of data for 30 days on ${carrier.name}.`,
    es: {
      productName: `${carrier.name} Bono ${o.minutes ?? "Ilimitado"} min + ${o.gb} GB`,
      description: `${o.minutes ? `${o.minutes} minutos` : "Llamadas nacionales ilimitadas"}, SMS ilimitados y ${o.gb} GB de datos durante 30 días en ${carrier.name}.`,
    },
    localAmount: local(intBetween(rand, o.eur[0]!, o.eur[1]!)),
    dataGb: o.gb,
    validityDays: 30,
  }));
}

export function buildTopupOperators(seed: number): TopupOperator[] {
  const operators: TopupOperator[] = [];
  let nextId = FIRST_TOPUP_OPERATOR_ID;
  for (const [iso, picks] of Object.entries(TOPUP_OPERATOR_BRANDS)) {
    const entries = operationalEntries(iso);
    picks.forEach((pick, position) => {
      const [brand, displayName] = typeof pick === "string" ? [pick, pick] : pick;
      const records = entries.filter((r) => (r.brand ?? "").toLowerCase() === brand.toLowerCase());
      if (records.length === 0) throw new Error(`mcc-mnc-list has no operational "${brand}" in ${iso}`);
      const carrier: TopupOperator = {
        id: nextId,
        countryIso: iso,
        name: displayName,
        legalName: records[0]!.operator || displayName,
        mccMnc: [...new Set(records.map((r) => `${r.mcc}${r.mnc}`))],
        services: [],
      };
      nextId += 10;
      const rand = seededRandom(seed, `topup:${iso}:${brand}`);
      const pricing: Pricing = {
        seed,
        feePercent: intBetween(rand, 6, 16) / 2,
        feeFloorMinor: intBetween(rand, 25, 60),
        currency: currencyOf(iso),
      };
      const offers: TopupServiceType[] = ["airtime"];
      // The first carrier of a country offers everything, so every country has data and bundles.
      if (position === 0 || rand() < 0.8) offers.push("data");
      if (position === 0 || rand() < 0.6) offers.push("bundle");
      for (const serviceType of offers) {
        const service: ServiceOperator = {
          id: carrier.id + SERVICE_OFFSET[serviceType],
          parentId: carrier.id,
          serviceType,
          rates: [],
        };
        const rates = drafts(serviceType, carrier, pricing.currency, rand).map((d, i) =>
          priceRate(pricing, service, carrier, d, i),
        );
        service.rates = rates.sort((a, b) => a.amountMinor - b.amountMinor);
        carrier.services.push(service);
      }
      markSandboxOutcomes(carrier);
      operators.push(carrier);
    });
  }
  return operators;
}

function markSandboxOutcomes(carrier: TopupOperator): void {
  if (carrier.countryIso !== SANDBOX_TOPUP.countryIso || carrier.name !== SANDBOX_TOPUP.operatorName) return;
  const service = carrier.services.find((s) => s.serviceType === SANDBOX_TOPUP.serviceType);
  service?.rates.forEach((rate, rank) => (rate.outcome = outcomeByRank(rank)));
}
