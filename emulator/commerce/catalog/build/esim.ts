import { seededRandom } from "../../../core/random";
import { TOPUP_OPERATOR_BRANDS } from "../data/topup-operators";
import type { CoverageType, EsimDestination, EsimPlan } from "../model";
import { eurToUsdMinor } from "../money";
import { outcomeForEsimPlan } from "../sandbox-outcomes";
import { firstBrands } from "./mcc-mnc";

// Travel eSIM destinations and plans. Destinations are countries (ISO-2 lower case) and three
// region slugs: eu (Europe, REGIONAL), as (Asia, REGIONAL), ww (worldwide, GLOBAL). Every
// destination has limited and unlimited plans; which extra plans exist and all prices come
// from the seed. Catalog ids read "{destination}-{n}gb-{days}d" or "{destination}-unlimited-{days}d".

export const ESIM_COUNTRIES = [
  "gb",
  "us",
  "de",
  "fr",
  "es",
  "it",
  "nl",
  "pt",
  "gr",
  "tr",
  "ae",
  "ma",
  "mx",
  "br",
  "co",
  "ar",
  "ca",
  "jp",
  "cn",
  "th",
  "vn",
  "id",
  "my",
  "ph",
  "in",
  "sg",
  "kr",
  "eg",
  "za",
  "ke",
  "ch",
  "at",
  "be",
  "ie",
  "pl",
  "se",
  "no",
  "dk",
  "cz",
  "hu",
  "hr",
  "is",
  "nz",
] as const;

export const ESIM_REGIONS: Readonly<Record<string, { coverage: CoverageType; countries: readonly string[] }>> = {
  eu: {
    coverage: "REGIONAL",
    countries: [
      "at",
      "be",
      "bg",
      "hr",
      "cy",
      "cz",
      "dk",
      "ee",
      "fi",
      "fr",
      "de",
      "gr",
      "hu",
      "ie",
      "it",
      "lv",
      "lt",
      "lu",
      "mt",
      "nl",
      "pl",
      "pt",
      "ro",
      "sk",
      "si",
      "es",
      "se",
      "is",
      "no",
      "li",
      "ch",
      "gb",
    ],
  },
  as: {
    coverage: "REGIONAL",
    countries: ["cn", "hk", "id", "in", "jp", "kr", "my", "ph", "sg", "th", "tw", "vn", "kh", "lk", "bd", "pk", "mo"],
  },
  ww: { coverage: "GLOBAL", countries: [] },
};

/** Always generated, so the sandbox plans and both filters work for every destination. */
const BASE_LIMITED = [
  { gb: 1, days: 7 },
  { gb: 3, days: 15 },
  { gb: 5, days: 30 },
];
const EXTRA_LIMITED = [
  { gb: 10, days: 30 },
  { gb: 20, days: 30 },
  { gb: 50, days: 30 },
];
const UNLIMITED_DAYS = [1, 3, 7, 15, 30];
const REGION_PRICE_FACTOR: Record<CoverageType, number> = { COUNTRY: 1, REGIONAL: 1.25, GLOBAL: 2.1 };

/** Shop prices end in .49 or .99. */
function shopPriceMinor(eur: number): number {
  const whole = Math.floor(eur);
  const minor = eur <= whole + 0.49 ? whole * 100 + 49 : whole * 100 + 99;
  return Math.max(99, minor);
}

export function buildEsimDestinations(): EsimDestination[] {
  const countries: EsimDestination[] = ESIM_COUNTRIES.map((iso) => {
    const curated = (TOPUP_OPERATOR_BRANDS[iso] ?? []).map((p) => (typeof p === "string" ? p : p[1])).slice(0, 3);
    return {
      iso,
      coverageType: "COUNTRY",
      countries: [iso],
      networks: curated.length > 0 ? curated : firstBrands(iso, 3),
    };
  });
  const everywhere = [
    ...new Set([...ESIM_COUNTRIES, ...Object.values(ESIM_REGIONS).flatMap((r) => r.countries)]),
  ].sort();
  const regions: EsimDestination[] = Object.entries(ESIM_REGIONS).map(([slug, region]) => ({
    iso: slug,
    coverageType: region.coverage,
    countries: region.coverage === "GLOBAL" ? everywhere : [...region.countries].sort(),
    networks: [],
  }));
  return [...countries, ...regions];
}

export function buildEsimPlans(seed: number, destinations: readonly EsimDestination[]): EsimPlan[] {
  const plans: EsimPlan[] = [];
  for (const destination of destinations) {
    const rand = seededRandom(seed, `esim:${destination.iso}`);
    const level = (0.8 + rand() * 0.8) * REGION_PRICE_FACTOR[destination.coverageType];
    const plan = (dataGb: number | null, validityDays: number, eur: number): EsimPlan => {
      const catalogId = `${destination.iso}-${dataGb === null ? "unlimited" : `${dataGb}gb`}-${validityDays}d`;
      const retailMinor = shopPriceMinor(eur * level);
      return {
        catalogId,
        destination: destination.iso,
        coverageType: destination.coverageType,
        dataGb,
        unlimited: dataGb === null,
        validityDays,
        retailMinor,
        retailUsdMinor: eurToUsdMinor(retailMinor),
        outcome: outcomeForEsimPlan(catalogId),
      };
    };
    const limited = [...BASE_LIMITED, ...EXTRA_LIMITED.filter(() => rand() < 0.6)];
    for (const o of limited) plans.push(plan(o.gb, o.days, 2.5 + 2.4 * o.gb ** 0.78));
    // Unlimited: always 7 days, the others from the seed.
    for (const days of UNLIMITED_DAYS.filter((d) => d === 7 || rand() < 0.6))
      plans.push(plan(null, days, 3 + 2.2 * days ** 0.85));
  }
  return plans;
}
