import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCatalogEmulator, type CatalogHarness } from "./testing";

// Spec §4: the un-prefixed paths are aliases that return the unfiltered catalog (top-up and
// gift cards together); §9: they remain as aliases.

type Operator = { id_operator: number; category: string };

let h: CatalogHarness;
let brandId: number;
let carrierId: number;
beforeAll(async () => {
  h = await startCatalogEmulator();
  brandId = (await h.v2<Array<{ id_operator: number; brand_name: string }>>("/giftcards/brands?country=gb&q=Amazon"))
    .body.data[0]!.id_operator;
  carrierId = Number(Object.keys((await h.v2<Record<string, Operator>>("/topup/operators?country=gb")).body.data)[0]);
});
afterAll(() => h.close());

describe("§4 un-prefixed aliases return the unfiltered catalog", () => {
  it("§4 alias /countries: top-up and gift card countries together", async () => {
    const topup = (await h.v2<Array<{ iso_short_code: string }>>("/topup/countries?limit=100")).body.data.map(
      (c) => c.iso_short_code,
    );
    const all = (await h.v2<Array<{ iso_short_code: string; verticals: string[] }>>("/countries?limit=100")).body.data;
    const codes = all.map((c) => c.iso_short_code);
    expect(codes).toEqual(expect.arrayContaining(topup));
    expect(codes).toContain("jp"); // gift cards only
    expect(all.find((c) => c.iso_short_code === "jp")!.verticals).toEqual(["giftcard"]);
    expect(all.find((c) => c.iso_short_code === "gb")!.verticals).toEqual(["topup", "giftcard"]);
  });

  it("§4 alias /operators: carriers and gift card brands of a country, keyed by id_operator", async () => {
    const topup = (await h.v2<Record<string, Operator>>("/topup/operators?country=gb")).body.data;
    const all = (await h.v2<Record<string, Operator>>("/operators?country=gb")).body.data;
    expect(Object.keys(all)).toEqual(expect.arrayContaining(Object.keys(topup)));
    expect(all[String(brandId)]?.category).toBe("giftcard");
    expect(topup[String(brandId)]).toBeUndefined();
    expect(Object.values(all).filter((o) => o.category === "topup").length).toBe(Object.keys(topup).length);
    // Japan has no carriers here, but gift cards: the alias is not empty.
    expect((await h.v2("/topup/operators?country=jp")).body.data).toEqual([]);
    expect(
      Object.keys((await h.v2<Record<string, Operator>>("/operators?country=jp")).body.data).length,
    ).toBeGreaterThan(0);
  });

  it("§4 alias /operators/{id}/rates and /operators/{id}/service-types: work for gift card brands too", async () => {
    const rates = await h.v2<{ rates: Array<{ service_type: string; token: string }> }>(`/operators/${brandId}/rates`);
    expect(rates.status).toBe(200);
    expect(rates.body.data.rates.every((r) => r.service_type === "giftcard")).toBe(true);
    expect((await h.v2(`/topup/operators/${brandId}/rates`)).status).toBe(404);
    const types = await h.v2<Array<{ service_type: string }>>(`/operators/${brandId}/service-types`);
    expect(types.body.data.map((t) => t.service_type)).toEqual(["giftcard"]);
    const carrierRates = (await h.v2<{ rates: unknown[] }>(`/operators/${carrierId}/rates`)).body.data.rates;
    expect(carrierRates).toEqual(
      (await h.v2<{ rates: unknown[] }>(`/topup/operators/${carrierId}/rates`)).body.data.rates,
    );
    const carrierTypes = (
      await h.v2<Array<{ service_type: string }>>(`/operators/${carrierId}/service-types`)
    ).body.data.map((t) => t.service_type);
    expect(carrierTypes).toEqual(["airtime", "data", "bundle"]);
  });

  it("§4 alias /products/search and /products/{operator_id}: include gift cards", async () => {
    const topup = (await h.v2<unknown[]>("/topup/products/search?country=gb&q=amazon")).body.data;
    const all = (await h.v2<Array<{ category: string; operator_name: string }>>("/products/search?country=gb&q=amazon"))
      .body.data;
    expect(topup).toEqual([]);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((p) => p.category === "giftcard" && p.operator_name === "Amazon")).toBe(true);
    const detail = await h.v2<{ brand_name: string }>(`/products/${brandId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.brand_name).toBe("Amazon");
    expect((await h.v2<{ operator_name: string }>(`/products/${carrierId}`)).body.data.operator_name).toBe("EE");
  });

  it("§4 alias /service-types: the top-up types plus gift cards", async () => {
    const all = (await h.v2<Array<{ service_type: string }>>("/service-types")).body.data.map((s) => s.service_type);
    expect(all).toEqual(["airtime", "data", "bundle", "giftcard"]);
  });

  it("§4 alias /promotions: top-up and gift card promotions together", async () => {
    const topup = (await h.v2<Array<{ id: string; category: string }>>("/topup/promotions")).body.data;
    const all = (await h.v2<Array<{ id: string; category: string }>>("/promotions")).body.data;
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining(topup.map((p) => p.id)));
    expect(all.some((p) => p.category === "giftcard")).toBe(true);
    expect(topup.some((p) => p.category === "giftcard")).toBe(false);
  });

  it("§4 alias /carriers/lookup/{phone}: same answer as the prefixed path", async () => {
    const prefixed = await h.v2<Record<string, unknown>>("/topup/carriers/lookup/+447400123456");
    const alias = await h.v2<Record<string, unknown>>("/carriers/lookup/+447400123456");
    expect(alias.status).toBe(200);
    expect(alias.body.data).toEqual(prefixed.body.data);
  });

  it("§5 aliases need authentication like the prefixed paths", async () => {
    for (const path of [
      "/countries",
      "/operators",
      "/promotions",
      "/service-types",
      "/products/search",
      `/products/${carrierId}`,
      "/carriers/lookup/+447400123456",
    ]) {
      expect((await h.v2(path, { auth: null })).status, path).toBe(401);
    }
  });
});
