import type { EmulatorContext } from "../../core/context";
import type { StatePart } from "../../core/state-parts";
import { readValue, records } from "../../core/state-records";
import { buildCatalog } from "./build";
import type {
  Catalog,
  EsimDestination,
  EsimPlan,
  GiftcardBrand,
  PromotionTemplate,
  Rate,
  ServiceOperator,
  TopupOperator,
} from "./model";
import { ESIM_TOKEN_KEY_NAME } from "./tokens";

// The built catalog plus the lookups the routes need. Built once per emulator from the seed
// (never saved: the same seed builds it again); the only moving part is the promotions'
// anchor, which a reset puts back to "today" and the state file keeps (catalogStatePart).

export type Vertical = "topup" | "giftcard";

export type OperatorRef =
  | { kind: "carrier"; carrier: TopupOperator }
  | { kind: "service"; carrier: TopupOperator; service: ServiceOperator }
  | { kind: "brand"; brand: GiftcardBrand };

const DAY_MS = 86_400_000;

export class CatalogState {
  readonly catalog: Catalog;
  private readonly operators = new Map<number, OperatorRef>();
  private readonly rates = new Map<string, Rate>();
  private readonly plans = new Map<string, EsimPlan>();
  private readonly destinations = new Map<string, EsimDestination>();
  /** Start of the UTC day (emulator clock) that promotion windows count from. */
  promotionsAnchorMs: number;

  /** `esimTokenKey` signs and verifies eSIM price tokens (the emulator's key, tokens.ts). */
  constructor(
    seed: number,
    nowMs: number,
    readonly esimTokenKey: Uint8Array,
  ) {
    this.catalog = buildCatalog(seed);
    this.promotionsAnchorMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
    for (const carrier of this.catalog.topupOperators) {
      this.operators.set(carrier.id, { kind: "carrier", carrier });
      for (const service of carrier.services) {
        this.operators.set(service.id, { kind: "service", carrier, service });
        for (const rate of service.rates) this.rates.set(rate.token, rate);
      }
    }
    for (const brand of this.catalog.giftcardBrands) {
      this.operators.set(brand.id, { kind: "brand", brand });
      for (const rate of brand.denominations) this.rates.set(rate.token, rate);
    }
    for (const plan of this.catalog.esimPlans) this.plans.set(plan.catalogId, plan);
    for (const destination of this.catalog.esimDestinations) this.destinations.set(destination.iso, destination);
  }

  reanchor(nowMs: number): void {
    this.promotionsAnchorMs = Math.floor(nowMs / DAY_MS) * DAY_MS;
  }

  /** An operator id in the verticals asked for (the un-prefixed aliases ask for both). */
  operator(id: number, verticals: readonly Vertical[]): OperatorRef | undefined {
    const ref = this.operators.get(id);
    if (!ref) return undefined;
    return verticals.includes(ref.kind === "brand" ? "giftcard" : "topup") ? ref : undefined;
  }

  rate(token: string): Rate | undefined {
    return this.rates.get(token);
  }

  plan(catalogId: string): EsimPlan | undefined {
    return this.plans.get(catalogId);
  }

  destination(iso: string): EsimDestination | undefined {
    return this.destinations.get(iso);
  }

  carriers(countryIso?: string): TopupOperator[] {
    return this.catalog.topupOperators.filter((o) => !countryIso || o.countryIso === countryIso);
  }

  brands(countryIso?: string): GiftcardBrand[] {
    return this.catalog.giftcardBrands.filter((b) => !countryIso || b.countryIso === countryIso);
  }

  countries(verticals: readonly Vertical[]): string[] {
    const all = [
      ...(verticals.includes("topup") ? this.catalog.topupCountries : []),
      ...(verticals.includes("giftcard") ? this.catalog.giftcardCountries : []),
    ];
    return [...new Set(all)];
  }

  plansFor(destination?: string): EsimPlan[] {
    return this.catalog.esimPlans.filter((p) => !destination || p.destination === destination);
  }

  promotionWindow(promotion: PromotionTemplate): { startsAt: number; endsAt: number } {
    return {
      startsAt: this.promotionsAnchorMs + promotion.startsDay * DAY_MS,
      endsAt: this.promotionsAnchorMs + promotion.endsDay * DAY_MS,
    };
  }

  activePromotions(nowMs: number, verticals: readonly Vertical[]): PromotionTemplate[] {
    return this.catalog.promotions.filter((p) => {
      const { startsAt, endsAt } = this.promotionWindow(p);
      return verticals.includes(p.vertical) && startsAt <= nowMs && nowMs < endsAt;
    });
  }
}

export function createCatalogState(ctx: EmulatorContext): CatalogState {
  const state = new CatalogState(ctx.config.seed, ctx.clock.now(), ctx.keys.bytes(ESIM_TOKEN_KEY_NAME));
  ctx.onReset(() => state.reanchor(ctx.clock.now()));
  return state;
}

/** What the state file keeps of the catalog: the promotions' anchor (the rest is rebuilt from the seed). */
export function catalogStatePart(state: CatalogState): StatePart {
  return {
    name: "commerce.catalog",
    dump: () => records().value("promotionsAnchorMs", state.promotionsAnchorMs).records,
    load: (saved) => (state.promotionsAnchorMs = readValue<number>(saved, "promotionsAnchorMs")),
  };
}
