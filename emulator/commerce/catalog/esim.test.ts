import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startCatalogEmulator, type CatalogHarness } from "./testing";

type Destination = {
  country_iso: string;
  country_name: string;
  coverage_type: string;
  plans_count: number;
  countries: string[];
};
type Plan = {
  catalog_id: string;
  name: string;
  data_gb: number | null;
  unlimited: boolean;
  validity_days: number;
  retail_eur: string;
  retail_usd: string;
  currency: string;
  country_iso: string;
  country_name: string;
  coverage_type: string;
  price_token: string;
};

let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalogEmulator();
});
afterEach(async () => {
  await h.controls.setConfig({ esimEnabled: true });
});
afterAll(() => h.close());

describe("§4 Travel eSIM catalog", () => {
  it("§2 destination codes: /esim/destinations gives lowercase two-letter country_iso, never three letters", async () => {
    const { status, body } = await h.v2<Destination[]>("/esim/destinations?limit=100");
    expect(status).toBe(200);
    const countries = body.data.filter((d) => d.coverage_type === "COUNTRY");
    expect(countries.length).toBeGreaterThanOrEqual(30);
    for (const d of body.data) expect(d.country_iso).toMatch(/^[a-z]{2}$/);
    expect(countries.find((d) => d.country_iso === "gb")).toMatchObject({ country_name: "United Kingdom" });
  });

  it("§2 destination codes: regional and global destinations use the slugs eu, as (REGIONAL) and ww (GLOBAL)", async () => {
    const regional = (await h.v2<Destination[]>("/esim/destinations?coverage_type=REGIONAL")).body.data;
    expect(regional.map((d) => d.country_iso).sort()).toEqual(["as", "eu"]);
    expect(regional.find((d) => d.country_iso === "eu")!.countries).toEqual(
      expect.arrayContaining(["de", "fr", "es", "it"]),
    );
    const global = (await h.v2<Destination[]>("/esim/destinations?coverage_type=GLOBAL")).body.data;
    expect(global.map((d) => d.country_iso)).toEqual(["ww"]);
    const country = (await h.v2<Destination[]>("/esim/destinations?coverage_type=country&limit=100")).body.data;
    expect(country.every((d) => d.coverage_type === "COUNTRY")).toBe(true);
    expect((await h.v2("/esim/destinations?coverage_type=PLANET")).status).toBe(400);
  });

  it("§2/upstream-notes: /esim/products?country_iso=gb gives plans with every plan field, limited and unlimited", async () => {
    const { status, body } = await h.v2<Plan[]>("/esim/products?country_iso=gb");
    expect(status).toBe(200);
    expect(body.data.some((p) => p.unlimited)).toBe(true);
    expect(body.data.some((p) => !p.unlimited)).toBe(true);
    for (const plan of body.data) {
      expect(plan).toMatchObject({
        country_iso: "gb",
        country_name: "United Kingdom",
        coverage_type: "COUNTRY",
        currency: "EUR",
      });
      expect(plan.retail_eur).toMatch(/^\d+\.\d{2}$/);
      expect(plan.retail_usd).toMatch(/^\d+\.\d{2}$/);
      expect(typeof plan.name).toBe("string");
      expect(plan.validity_days).toBeGreaterThan(0);
      expect(plan.unlimited ? plan.data_gb : typeof plan.data_gb).toBe(plan.unlimited ? null : "number");
      expect(plan.price_token).toMatch(
        new RegExp(
          `^esim__${plan.catalog_id}__${plan.retail_eur.replace(".", "\\.")}__EUR__[0-1]__\\d{10}__[0-9a-f]{16}$`,
        ),
      );
    }
  });

  it("§2 data_type filter: unlimited gives only unlimited plans, limited only limited, all both", async () => {
    const unlimited = (await h.v2<Plan[]>("/esim/products?country_iso=fr&data_type=unlimited")).body.data;
    const limited = (await h.v2<Plan[]>("/esim/products?country_iso=fr&data_type=limited")).body.data;
    const all = (await h.v2<Plan[]>("/esim/products?country_iso=fr&data_type=all")).body.data;
    expect(unlimited.length).toBeGreaterThan(0);
    expect(limited.length).toBeGreaterThan(0);
    expect(unlimited.every((p) => p.unlimited && p.data_gb === null)).toBe(true);
    expect(limited.every((p) => !p.unlimited && typeof p.data_gb === "number")).toBe(true);
    expect(all.length).toBe(unlimited.length + limited.length);
    expect((await h.v2("/esim/products?country_iso=fr&data_type=some")).status).toBe(400);
  });

  it("§2 destination codes: country_iso takes ISO-2 in any case and region slugs; three letters are a 400", async () => {
    const upper = (await h.v2<Plan[]>("/esim/products?country_iso=GB")).body.data;
    expect(upper.length).toBeGreaterThan(0);
    expect(upper.every((p) => p.country_iso === "gb")).toBe(true);
    const europe = (await h.v2<Plan[]>("/esim/products?country_iso=eu")).body.data;
    expect(europe.length).toBeGreaterThan(0);
    expect(europe.every((p) => p.country_iso === "eu" && p.coverage_type === "REGIONAL")).toBe(true);
    const world = (await h.v2<Plan[]>("/esim/products?country_iso=ww")).body.data;
    expect(world.every((p) => p.coverage_type === "GLOBAL")).toBe(true);
    const asia = (await h.v2<Plan[]>("/esim/products?country_iso=as")).body.data;
    expect(asia.every((p) => p.country_iso === "as" && p.country_name === "Asia")).toBe(true);
    const three = await h.v2("/esim/products?country_iso=GBR");
    expect(three.status).toBe(400);
    expect(three.body.error?.message).toContain("never three");
  });

  it("upstream-notes: /esim/products takes currency (USD prices and token), lang and coverage_type", async () => {
    const usd = (await h.v2<Plan[]>("/esim/products?country_iso=es&currency=usd&lang=es")).body.data;
    expect(usd[0]!.currency).toBe("USD");
    expect(usd[0]!.country_name).toBe("España");
    expect(usd.map((p) => p.name)).toContain("España 3 GB, 15 días");
    expect(usd[0]!.price_token).toContain(`__${usd[0]!.retail_usd}__USD__`);
    const regional = (await h.v2<Plan[]>("/esim/products?coverage_type=REGIONAL&limit=100")).body.data;
    expect(new Set(regional.map((p) => p.country_iso))).toEqual(new Set(["eu", "as"]));
    expect((await h.v2("/esim/products?currency=GBP")).status).toBe(400);
  });

  it("§4 /esim/products/{catalog_id}: plan detail with a fresh price token; unknown id 404", async () => {
    const list = (await h.v2<Plan[]>("/esim/products?country_iso=de")).body.data;
    const { status, body } = await h.v2<Plan & { countries: string[]; networks: string[]; description: string }>(
      `/esim/products/${list[0]!.catalog_id}`,
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      catalog_id: list[0]!.catalog_id,
      retail_eur: list[0]!.retail_eur,
      country_iso: "de",
      countries: ["de"],
    });
    expect(body.data.networks).toEqual(expect.arrayContaining(["Telekom", "Vodafone"]));
    expect(body.data.price_token.startsWith(`esim__${list[0]!.catalog_id}__`)).toBe(true);
    expect(body.data.description).toMatch(/ for \d+ days\. Data only, no phone number/);
    const spanish = await h.v2<Plan & { description: string }>(`/esim/products/${list[0]!.catalog_id}?lang=es`);
    expect(spanish.body.data.description).toMatch(/ durante \d+ días\. Solo datos, sin número de teléfono/);
    expect(spanish.body.data.name).toMatch(/^Alemania .* días?$/);
    const missing = await h.v2("/esim/products/xx-1gb-7d");
    expect(missing.status).toBe(404);
    expect(missing.body.error?.code).toBe("PLAN_NOT_FOUND");
  });

  it("§1/§7 ESIM_DISABLED: with esimEnabled false every eSIM catalog endpoint answers 404 ESIM_DISABLED", async () => {
    await h.controls.setConfig({ esimEnabled: false });
    for (const path of ["/esim/destinations", "/esim/products?country_iso=gb", "/esim/products/gb-1gb-7d"]) {
      const { status, body } = await h.v2(path);
      expect(status, path).toBe(404);
      expect(body).toMatchObject({ success: false, data: null, error: { code: "ESIM_DISABLED" } });
    }
    // Other catalogs are unaffected.
    expect((await h.v2("/topup/countries")).status).toBe(200);
  });
});
