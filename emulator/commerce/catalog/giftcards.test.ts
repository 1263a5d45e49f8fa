import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCatalogEmulator, type CatalogHarness } from "./testing";

type Brand = {
  id_operator: number;
  id_parent: number;
  parent_category: string;
  brand_name: string;
  iso_short_code: string;
  id_country: number;
  img: string;
  currency: string;
};
type RateRow = {
  token: string;
  product_name: string;
  service_type: string;
  amount_local: string;
  service_fee_eur: string;
  service_fee_usd: string;
  total_cost_eur: string;
  total_cost_usd: string;
};

let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalogEmulator();
});
afterAll(() => h.close());

async function brandIn(country: string, name: string) {
  const { body } = await h.v2<Brand[]>(`/giftcards/brands?country=${country}&q=${encodeURIComponent(name)}`);
  const brand = body.data.find((b) => b.brand_name === name);
  if (!brand) throw new Error(`${name} not sold in ${country}`);
  return brand;
}

describe("§4 Gift card catalog", () => {
  it("§4 /giftcards/countries: countries with gift card brands, with id and ISO code", async () => {
    const { status, body } =
      await h.v2<Array<{ id_country: number; iso_short_code: string; brands_count: number }>>("/giftcards/countries");
    expect(status).toBe(200);
    const gb = body.data.find((c) => c.iso_short_code === "gb");
    expect(gb).toMatchObject({ id_country: 826 });
    expect(gb!.brands_count).toBeGreaterThan(5);
    expect(body.data.map((c) => c.iso_short_code)).toContain("jp");
    expect(body.data.every((c) => c.brands_count > 0)).toBe(true);
  });

  it("§1/§4 /giftcards/brands?country=gb: real brands, each an operator whose parent category is gift cards", async () => {
    const { body } = await h.v2<Brand[]>("/giftcards/brands?country=gb");
    const names = body.data.map((b) => b.brand_name);
    expect(names).toEqual(
      expect.arrayContaining([
        "Amazon",
        "Google Play",
        "Apple",
        "Steam",
        "PlayStation",
        "Xbox",
        "Netflix",
        "Spotify",
        "Uber",
        "Airbnb",
      ]),
    );
    expect(names).not.toContain("Zalando"); // not sold in the UK
    for (const brand of body.data)
      expect(brand).toMatchObject({
        parent_category: "giftcards",
        id_parent: 900,
        iso_short_code: "gb",
        currency: "GBP",
      });
    const de = (await h.v2<Brand[]>("/giftcards/brands?country=de")).body.data.map((b) => b.brand_name);
    expect(de).toContain("Zalando");
  });

  it("upstream-notes: /giftcards/brands takes country as ISO-2 or id, and q", async () => {
    const byIso = (await h.v2<Brand[]>("/giftcards/brands?country=GB")).body.data.map((b) => b.id_operator);
    const byId = (await h.v2<Brand[]>("/giftcards/brands?country=826")).body.data.map((b) => b.id_operator);
    expect(byId).toEqual(byIso);
    const steam = (await h.v2<Brand[]>("/giftcards/brands?q=steam&limit=100")).body.data;
    expect(steam.length).toBeGreaterThan(10);
    expect(steam.every((b) => b.brand_name === "Steam")).toBe(true);
    expect((await h.v2("/giftcards/brands?country=nowhere")).status).toBe(400);
  });

  it("upstream-notes: /giftcards/brands has cursor pagination (limit, meta.has_more, meta.cursor) that visits every brand once", async () => {
    const all = (await h.v2<Brand[]>("/giftcards/brands?limit=100")).body;
    expect(all.meta.has_more).toBe(true); // more than 100 (brand, country) operators
    const seen: number[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const { body } = await h.v2<Brand[]>(`/giftcards/brands?limit=40${cursor ? `&cursor=${cursor}` : ""}`);
      expect(body.data.length).toBeLessThanOrEqual(40);
      seen.push(...body.data.map((b) => b.id_operator));
      cursor = body.meta.cursor;
      expect(Boolean(cursor)).toBe(body.meta.has_more);
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThan(3);
    expect(new Set(seen).size).toBe(seen.length);
    const defaultPage = await h.v2<Brand[]>("/giftcards/brands");
    expect(defaultPage.body.data.length).toBe(50);
    expect(defaultPage.body.meta.limit).toBe(50);
    expect((await h.v2("/giftcards/brands?limit=101")).status).toBe(400);
    expect((await h.v2("/giftcards/brands?cursor=garbage")).body.error?.code).toBe("INVALID_CURSOR");
  });

  it("§2/§4 /giftcards/brands/{id}/products: denominations, each with a token and the fee and total fields", async () => {
    const amazon = await brandIn("gb", "Amazon");
    const { status, body } = await h.v2<{
      id_operator: number;
      operator_name: string;
      iso_short_code: string;
      rates: RateRow[];
    }>(`/giftcards/brands/${amazon.id_operator}/products`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id_operator: amazon.id_operator, operator_name: "Amazon", iso_short_code: "gb" });
    expect(body.data.rates.map((r) => r.amount_local)).toEqual(["10.00", "20.00", "50.00", "100.00"]);
    for (const rate of body.data.rates) {
      expect(rate.token).toMatch(/^gc_[0-9a-f]{24}$/);
      expect(rate.service_type).toBe("giftcard");
      for (const money of [rate.service_fee_eur, rate.service_fee_usd, rate.total_cost_eur, rate.total_cost_usd])
        expect(money).toMatch(/^\d+\.\d{2}$/);
    }
    const carrier = Object.keys((await h.v2<Record<string, unknown>>("/topup/operators?country=gb")).body.data)[0];
    expect((await h.v2(`/giftcards/brands/${carrier}/products`)).body.error?.code).toBe("BRAND_NOT_FOUND");
  });

  it("§4 /giftcards/products/{operator_id}: brand detail with name, description, logo, redemption instructions and region", async () => {
    const steam = await brandIn("de", "Steam");
    const { status, body } = await h.v2<
      Record<string, unknown> & { region: Record<string, unknown>; logo: string; rates: RateRow[] }
    >(`/giftcards/products/${steam.id_operator}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      brand_name: "Steam",
      currency: "EUR",
      region: { iso_short_code: "de", id_country: 276 },
    });
    expect(String(body.data.description)).toContain("Steam");
    expect(String(body.data.redemption_instructions)).toContain("Germany");
    expect(String(body.data.region.works_in)).toContain("Germany");
    expect(body.data.rates.length).toBeGreaterThan(0);
    expect((await fetch(body.data.logo)).headers.get("content-type")).toContain("image/svg+xml");
    expect((await h.v2("/giftcards/products/1")).status).toBe(404);
  });
});
