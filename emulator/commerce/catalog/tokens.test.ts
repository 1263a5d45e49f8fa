import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommerceCatalog } from "../priced-product";
import { commerceCatalog, createCatalogState } from "./index";
import { SANDBOX_FAIL_PHONE, SANDBOX_MANUAL_REVISION_PHONE } from "./sandbox-outcomes";
import { startCatalogEmulator, type CatalogHarness } from "./testing";
import { ESIM_TOKEN_LIFETIME_MS } from "./tokens";

// Price tokens (§2 create/preview body, upstream-notes eSIM token format) and the sandbox
// outcomes the order core reads through the CommerceCatalog contract.

type RateRow = {
  token: string;
  total_cost_eur: string;
  service_fee_eur: string;
  amount_eur: string;
  product_name: string;
};
type Plan = { catalog_id: string; price_token: string; retail_eur: string; retail_usd: string };

let h: CatalogHarness;
let catalog: CommerceCatalog;
const now = () => h.emulator.ctx.clock.now();
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

beforeAll(async () => {
  h = await startCatalogEmulator();
  // The same seed builds the same catalog, and eSIM tokens are signed per process: this
  // instance resolves the running emulator's tokens exactly as the order core does.
  catalog = commerceCatalog(createCatalogState(h.emulator.ctx));
});
afterAll(() => h.close());

async function eeAirtime() {
  const operators = (
    await h.v2<Record<string, { id_operator: number; operator_name: string }>>("/topup/operators?country=gb")
  ).body.data;
  const ee = Object.values(operators).find((o) => o.operator_name === "EE")!;
  return (await h.v2<{ rates: RateRow[] }>(`/topup/operators/${ee.id_operator}/rates?service_type=airtime`)).body.data
    .rates;
}

describe("price tokens", () => {
  it("§2 a top-up rate token resolves back to the rate (amounts in cents, operator, country)", async () => {
    const rate = (await eeAirtime())[2]!;
    const resolved = catalog.resolveToken(rate.token, now());
    expect(resolved.ok).toBe(true);
    if (!resolved.ok) return;
    expect(resolved.product).toMatchObject({
      type: "topup",
      token: rate.token,
      productName: rate.product_name,
      serviceType: "airtime",
      countryIso: "gb",
      operatorName: "EE",
      outcome: "fulfill",
    });
    expect(resolved.product.totalMinor).toBe(cents(rate.total_cost_eur));
    expect(resolved.product.serviceFeeMinor).toBe(cents(rate.service_fee_eur));
    expect(resolved.product.amountMinor + resolved.product.serviceFeeMinor).toBe(resolved.product.totalMinor);
  });

  it("§2 top-up and gift card tokens do not expire; unknown tokens are invalid", async () => {
    const rate = (await eeAirtime())[0]!;
    await h.controls.advanceClock(30 * 86_400_000);
    expect(catalog.resolveToken(rate.token, now()).ok).toBe(true);
    expect(catalog.resolveToken("tp_000000000000000000000000", now())).toEqual({ ok: false, reason: "invalid" });
    expect(catalog.resolveToken("", now())).toEqual({ ok: false, reason: "invalid" });
    await h.controls.reset();
  });

  it("§2 a gift card denomination token resolves to a giftcard product", async () => {
    const brand = (await h.v2<Array<{ id_operator: number }>>("/giftcards/brands?country=fr&q=Netflix")).body.data[0]!;
    const rate = (await h.v2<{ rates: RateRow[] }>(`/giftcards/brands/${brand.id_operator}/products`)).body.data
      .rates[0]!;
    const resolved = catalog.resolveToken(rate.token, now());
    expect(resolved.ok && resolved.product).toMatchObject({
      type: "giftcard",
      operatorId: String(brand.id_operator),
      operatorName: "Netflix",
      countryIso: "fr",
      totalMinor: cents(rate.total_cost_eur),
    });
  });

  it("upstream-notes: an eSIM price token is signed and resolves to its plan in EUR cents", async () => {
    const plan = (await h.v2<Plan[]>("/esim/products?country_iso=jp")).body.data[0]!;
    const resolved = catalog.resolveToken(plan.price_token, now());
    expect(resolved.ok && resolved.product).toMatchObject({
      type: "esim",
      catalogId: plan.catalog_id,
      countryIso: "jp",
      amountMinor: cents(plan.retail_eur),
      totalMinor: cents(plan.retail_eur),
      totalUsdMinor: cents(plan.retail_usd),
      serviceFeeMinor: 0,
    });
    const usd = (await h.v2<Plan[]>("/esim/products?country_iso=jp&currency=USD")).body.data[0]!;
    expect(catalog.resolveToken(usd.price_token, now()).ok).toBe(true);
  });

  it("upstream-notes: a tampered eSIM token (price, plan or signature changed) is invalid", async () => {
    const plan = (await h.v2<Plan[]>("/esim/products?country_iso=gb")).body.data[2]!;
    const parts = plan.price_token.split("__");
    const cheaper = [...parts.slice(0, 2), "0.01", ...parts.slice(3)].join("__");
    const otherPlan = [parts[0], "gb-1gb-7d", ...parts.slice(2)].join("__");
    const badSignature = [...parts.slice(0, 6), "0000000000000000"].join("__");
    for (const token of [cheaper, otherPlan, badSignature, plan.price_token.slice(0, -1)]) {
      expect(catalog.resolveToken(token, now())).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it(`upstream-notes: eSIM price tokens expire ${ESIM_TOKEN_LIFETIME_MS / 60_000} minutes after issue on the emulator clock`, async () => {
    const plan = (await h.v2<Plan[]>("/esim/products?country_iso=gb")).body.data[0]!;
    await h.controls.advanceClock(ESIM_TOKEN_LIFETIME_MS - 60_000);
    expect(catalog.resolveToken(plan.price_token, now()).ok).toBe(true);
    await h.controls.advanceClock(61_000);
    expect(catalog.resolveToken(plan.price_token, now())).toEqual({ ok: false, reason: "expired" });
    // A fresh token from the catalog works again.
    const fresh = (await h.v2<Plan>(`/esim/products/${plan.catalog_id}`)).body.data;
    expect(catalog.resolveToken(fresh.price_token, now()).ok).toBe(true);
    await h.controls.reset();
  });
});

describe("sandbox outcomes (README: failing items and numbers)", () => {
  it("§3 sandbox: EE (gb) lowest airtime rate fails, the second goes to manual revision, the rest fulfil", async () => {
    const rates = await eeAirtime();
    const outcome = (token: string) => {
      const resolved = catalog.resolveToken(token, now());
      return resolved.ok ? resolved.product.outcome : resolved.reason;
    };
    expect(rates.map((r) => outcome(r.token))).toEqual([
      "fail",
      "manual_revision",
      ...rates.slice(2).map(() => "fulfill"),
    ]);
  });

  it("§3 sandbox: Steam (gb) lowest denomination fails, the second goes to manual revision", async () => {
    const steam = (
      await h.v2<Array<{ id_operator: number; brand_name: string }>>("/giftcards/brands?country=gb&q=steam")
    ).body.data[0]!;
    const rates = (await h.v2<{ rates: RateRow[] }>(`/giftcards/brands/${steam.id_operator}/products`)).body.data.rates;
    const outcomes = rates.map((r) => {
      const resolved = catalog.resolveToken(r.token, now());
      return resolved.ok ? resolved.product.outcome : resolved.reason;
    });
    expect(outcomes.slice(0, 3)).toEqual(["fail", "manual_revision", "fulfill"]);
  });

  it("§3 sandbox: eSIM plan gb-1gb-7d fails and gb-3gb-15d goes to manual revision", async () => {
    const outcomeOf = async (id: string) => {
      const plan = (await h.v2<Plan>(`/esim/products/${id}`)).body.data;
      const resolved = catalog.resolveToken(plan.price_token, now());
      return resolved.ok ? resolved.product.outcome : resolved.reason;
    };
    expect(await outcomeOf("gb-1gb-7d")).toBe("fail");
    expect(await outcomeOf("gb-3gb-15d")).toBe("manual_revision");
    expect(await outcomeOf("gb-5gb-30d")).toBe("fulfill");
  });

  it("§3 sandbox: the documented phone numbers fail / go to manual revision and are valid for carrier lookup", async () => {
    expect(catalog.outcomeForPhone(SANDBOX_FAIL_PHONE)).toBe("fail");
    expect(catalog.outcomeForPhone(SANDBOX_MANUAL_REVISION_PHONE)).toBe("manual_revision");
    expect(catalog.outcomeForPhone("+447400123456")).toBe("fulfill");
    for (const phone of [SANDBOX_FAIL_PHONE, SANDBOX_MANUAL_REVISION_PHONE]) {
      const lookup = await h.v2<{ iso_short_code: string }>(`/topup/carriers/lookup/${encodeURIComponent(phone)}`);
      expect(lookup.status).toBe(200);
      expect(lookup.body.data.iso_short_code).toBe("us");
    }
  });
});
