import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCatalogEmulator, type CatalogHarness } from "./testing";

// The catalog's price points under the documented dialect (README "Dialects"): C§2 "Rate" fields
// only, on the two endpoints C§4 gives them; the details carry none.

const EE = 1000;
const STEAM_GB = 6056;
const RATE_FIELDS = ["service_fee_eur", "service_fee_usd", "token", "total_cost_eur", "total_cost_usd"];
const MONEY = /^\d+\.\d{2}$/;

let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalogEmulator({ dialect: "documented" });
});
afterAll(() => h.close());

type Row = Record<string, string>;

describe("documented dialect: catalog price points", () => {
  it("C§4 /topup/operators/{id}/rates: the price points alone, each with exactly the C§2 fields", async () => {
    const { status, body } = await h.v2<Row[]>(`/topup/operators/${EE}/rates`);
    expect(status).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data.length).toBeGreaterThanOrEqual(6);
    for (const rate of body.data) {
      expect(Object.keys(rate).sort()).toEqual(RATE_FIELDS);
      for (const field of RATE_FIELDS.filter((f) => f !== "token")) expect(rate[field]).toMatch(MONEY);
    }
    // The same alias answers the same.
    expect((await h.v2<Row[]>(`/operators/${EE}/rates`)).body.data).toEqual(body.data);
  });

  it("the tokens are the observed dialect's, so an order placed with one is the same product", async () => {
    const documented = (await h.v2<Row[]>(`/topup/operators/${EE}/rates`)).body.data.map((r) => [
      r.token,
      r.total_cost_eur,
    ]);
    await h.controls.setConfig({ dialect: "observed" });
    try {
      const observed = (await h.v2<{ rates: Row[] }>(`/topup/operators/${EE}/rates`)).body.data.rates.map((r) => [
        r.token,
        r.total_cost_eur,
      ]);
      expect(documented).toEqual(observed);
    } finally {
      await h.controls.setConfig({ dialect: "documented" });
    }
  });

  it("C§4 /topup/products/{operator_id}: an operator detail without nested price points", async () => {
    const { status, body } = await h.v2<Record<string, unknown>>(`/topup/products/${EE}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id_operator: EE, operator_name: "EE", iso_short_code: "gb" });
    expect(body.data).not.toHaveProperty("service_types");
    expect(body.data).not.toHaveProperty("rates");
  });

  it("C§4 /giftcards/brands/{id}/products: the denominations alone, as C§2 price points; the brand detail has none", async () => {
    const products = await h.v2<Row[]>(`/giftcards/brands/${STEAM_GB}/products`);
    expect(products.status).toBe(200);
    expect(products.body.data.length).toBeGreaterThan(0);
    for (const rate of products.body.data) expect(Object.keys(rate).sort()).toEqual(RATE_FIELDS);
    const detail = await h.v2<Record<string, unknown>>(`/giftcards/products/${STEAM_GB}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id_operator: STEAM_GB, brand_name: "Steam" });
    expect(detail.body.data).not.toHaveProperty("rates");
  });
});
