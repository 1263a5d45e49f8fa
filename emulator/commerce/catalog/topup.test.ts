import { getExampleNumber, type CountryCode } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCatalogEmulator, type CatalogHarness } from "./testing";

type Operator = {
  id_operator: number;
  operator_name: string;
  iso_short_code: string;
  id_country: number;
  img: string;
  service_types: string[];
  mcc_mnc: string[];
};
type RateRow = Record<string, unknown> & {
  token: string;
  service_type: string;
  id_operator: number;
  total_cost_eur: string;
  amount_eur: string;
  service_fee_eur: string;
};
type Rates = {
  id_operator: number;
  operator_name: string;
  country_name: string;
  iso_short_code: string;
  rates: RateRow[];
};
const MONEY = /^\d+\.\d{2}$/;

let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalogEmulator();
});
afterAll(() => h.close());

async function gbOperators() {
  const { body } = await h.v2<Record<string, Operator>>("/topup/operators?country=gb");
  return body.data;
}

describe("§4 Top-up catalog", () => {
  it("§4 /topup/countries: lists top-up countries with ISO-2 lower case codes and ids, paginated", async () => {
    const { status, body } =
      await h.v2<Array<{ iso_short_code: string; id_country: number; country_name: string }>>(
        "/topup/countries?limit=100",
      );
    expect(status).toBe(200);
    const codes = body.data.map((c) => c.iso_short_code);
    for (const iso of [
      "gb",
      "us",
      "de",
      "fr",
      "es",
      "it",
      "nl",
      "mx",
      "br",
      "in",
      "ng",
      "ke",
      "ph",
      "pk",
      "tr",
      "ae",
      "ma",
      "co",
    ])
      expect(codes).toContain(iso);
    expect(codes.length).toBeGreaterThanOrEqual(40);
    expect(codes.every((c) => /^[a-z]{2}$/.test(c))).toBe(true);
    expect(body.data.find((c) => c.iso_short_code === "gb")).toMatchObject({
      id_country: 826,
      country_name: "United Kingdom",
    });
    expect(codes).not.toContain("jp"); // gift cards only
  });

  it("§4 /topup/operators?country=gb: real operators keyed by id_operator (upstream-notes)", async () => {
    const operators = await gbOperators();
    expect(Array.isArray(operators)).toBe(false);
    const names = Object.values(operators).map((o) => o.operator_name);
    expect(names).toEqual(expect.arrayContaining(["EE", "O2", "Vodafone", "Three"]));
    for (const [key, operator] of Object.entries(operators)) {
      expect(key).toBe(String(operator.id_operator));
      expect(operator.iso_short_code).toBe("gb");
      expect(operator.mcc_mnc.every((code) => code.startsWith("234"))).toBe(true); // UK MCC, from mcc-mnc-list
    }
  });

  it("§4 /topup/operators: a country without operators answers an empty array; a non-ISO country 400", async () => {
    expect((await h.v2("/topup/operators?country=aq")).body.data).toEqual([]);
    const bad = await h.v2("/topup/operators?country=zz");
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe("INVALID_COUNTRY");
  });

  it("§4 /topup/operators: country also accepts the numeric id and ISO-3", async () => {
    const byId = Object.keys((await h.v2<Record<string, Operator>>("/topup/operators?country=826")).body.data);
    const byIso3 = Object.keys((await h.v2<Record<string, Operator>>("/topup/operators?country=GBR")).body.data);
    expect(byId).toEqual(Object.keys(await gbOperators()));
    expect(byIso3).toEqual(byId);
  });

  it("§4 /topup/operators/{id}/service-types: airtime, data and bundle, each a child operator id", async () => {
    const ee = Object.values(await gbOperators()).find((o) => o.operator_name === "EE")!;
    const { body } = await h.v2<Array<{ id_operator: number; id_parent: number; service_type: string }>>(
      `/topup/operators/${ee.id_operator}/service-types`,
    );
    expect(body.data.map((s) => s.service_type)).toEqual(["airtime", "data", "bundle"]);
    for (const service of body.data) {
      expect(service.id_parent).toBe(ee.id_operator);
      expect(service.id_operator).not.toBe(ee.id_operator);
    }
    // The child id is itself an operator: its rates are that service type's.
    const data = body.data.find((s) => s.service_type === "data")!;
    const rates = await h.v2<Rates>(`/topup/operators/${data.id_operator}/rates`);
    expect(rates.body.data.rates.length).toBeGreaterThan(0);
    expect(rates.body.data.rates.every((r) => r.service_type === "data")).toBe(true);
  });

  it("§2/§4 /topup/operators/{id}/rates: result and rate fields present, money as decimal strings, total = amount + fee", async () => {
    const ee = Object.values(await gbOperators()).find((o) => o.operator_name === "EE")!;
    const { status, body } = await h.v2<Rates>(`/topup/operators/${ee.id_operator}/rates`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id_operator: ee.id_operator,
      operator_name: "EE",
      country_name: "United Kingdom",
      iso_short_code: "gb",
    });
    expect(body.data.rates.length).toBeGreaterThanOrEqual(6);
    for (const rate of body.data.rates) {
      for (const field of ["product_name", "description", "token"]) expect(typeof rate[field]).toBe("string");
      for (const field of ["service_fee_eur", "service_fee_usd", "total_cost_eur", "total_cost_usd"])
        expect(rate[field]).toMatch(MONEY);
      const cents = (v: string) => Math.round(Number(v) * 100);
      expect(cents(rate.total_cost_eur)).toBe(cents(rate.amount_eur) + cents(rate.service_fee_eur));
      expect(cents(rate.service_fee_eur)).toBeGreaterThan(0);
    }
  });

  it("§4 /topup/operators/{id}/rates: q, service_type and lang filter and localise", async () => {
    const ee = Object.values(await gbOperators()).find((o) => o.operator_name === "EE")!;
    const airtime = await h.v2<Rates>(`/topup/operators/${ee.id_operator}/rates?service_type=airtime&lang=es`);
    expect(airtime.body.data.country_name).toBe("Reino Unido");
    expect(airtime.body.data.rates.every((r) => r.service_type === "airtime")).toBe(true);
    // The rates' texts in Spanish, same tokens and prices as the English read.
    const english = await h.v2<Rates>(`/topup/operators/${ee.id_operator}/rates?service_type=airtime`);
    expect(airtime.body.data.rates.map((r) => r.token)).toEqual(english.body.data.rates.map((r) => r.token));
    expect(airtime.body.data.rates.map((r) => r.total_cost_eur)).toEqual(
      english.body.data.rates.map((r) => r.total_cost_eur),
    );
    expect(airtime.body.data.rates[0]!.product_name).toMatch(/^EE Saldo \d+ GBP$/);
    expect(airtime.body.data.rates[0]!.description).toContain("de saldo prepago en un número de EE en Reino Unido");
    expect(english.body.data.rates[0]!.product_name).toMatch(/^EE \d+ GBP Airtime$/);
    const bundles = await h.v2<Rates>(`/topup/operators/${ee.id_operator}/rates?service_type=bundle&lang=es`);
    expect(bundles.body.data.rates.map((r) => r.product_name)).toContain("EE Bono 300 min + 5 GB");
    const searched = await h.v2<Rates>(`/topup/operators/${ee.id_operator}/rates?q=bundle`);
    expect(searched.body.data.rates.length).toBeGreaterThan(0);
    expect(searched.body.data.rates.every((r) => r.service_type === "bundle")).toBe(true);
    expect((await h.v2(`/topup/operators/${ee.id_operator}/rates?service_type=nonsense`)).status).toBe(400);
    const missing = await h.v2("/topup/operators/999999/rates");
    expect(missing.status).toBe(404);
    expect(missing.body.error?.code).toBe("OPERATOR_NOT_FOUND");
  });

  it("§4 /topup/service-types: airtime, data and bundle definitions", async () => {
    const { body } = await h.v2<Array<{ service_type: string; name: string }>>("/topup/service-types");
    expect(body.data.map((s) => s.service_type)).toEqual(["airtime", "data", "bundle"]);
  });

  it("§4 /topup/promotions: active promotions with operator, country, title, description and validity on the emulator clock", async () => {
    const { body } = await h.v2<Array<Record<string, string | number>>>("/topup/promotions");
    expect(body.data.length).toBeGreaterThan(3);
    const now = Date.parse(body.meta.timestamp);
    for (const p of body.data) {
      for (const field of [
        "id_operator",
        "operator_name",
        "iso_short_code",
        "country_name",
        "title",
        "description",
        "starts_at",
        "ends_at",
      ])
        expect(p[field]).toBeTruthy();
      expect(p.category).toBe("topup");
      expect(Date.parse(String(p.starts_at))).toBeLessThanOrEqual(now);
      expect(Date.parse(String(p.ends_at))).toBeGreaterThan(now);
    }
  });

  it("§4 /topup/promotions: a promotion ends and another begins as the emulator clock moves", async () => {
    const ids = async () => (await h.v2<Array<{ id: string }>>("/topup/promotions")).body.data.map((p) => p.id);
    const before = await ids();
    expect(before).toContain("promo_1"); // ends one day after the anchor
    expect(before).not.toContain("promo_2"); // starts two days after it
    await h.controls.advanceClock(3 * 86_400_000);
    const after = await ids();
    expect(after).not.toContain("promo_1");
    expect(after).toContain("promo_2");
    await h.controls.reset();
    expect(await ids()).toEqual(before);
  });

  it("§4 /topup/products/search: country, q and operator_id narrow the search; results carry tokens", async () => {
    const { body } = await h.v2<Array<RateRow & { iso_short_code: string; operator_name: string; category: string }>>(
      "/topup/products/search?country=ng&q=MTN",
    );
    expect(body.data.length).toBeGreaterThan(0);
    expect(
      body.data.every((p) => p.iso_short_code === "ng" && p.operator_name === "MTN" && p.category === "topup"),
    ).toBe(true);
    const operatorId = (body.data[0] as unknown as { id_parent: number }).id_parent;
    const byOperator = await h.v2<RateRow[]>(`/topup/products/search?operator_id=${operatorId}&limit=100`);
    expect(byOperator.body.data.length).toBeGreaterThanOrEqual(body.data.length);
    expect((await h.v2<RateRow[]>("/topup/products/search?country=gb&q=amazon")).body.data).toEqual([]); // gift cards are not top-ups
  });

  it("§4 /topup/products/{operator_id}: operator detail with live pricing per service type", async () => {
    const ee = Object.values(await gbOperators()).find((o) => o.operator_name === "EE")!;
    const { status, body } = await h.v2<{
      operator_name: string;
      service_types: Array<{ service_type: string; rates: RateRow[] }>;
      priced_at: string;
    }>(`/topup/products/${ee.id_operator}`);
    expect(status).toBe(200);
    expect(body.data.operator_name).toBe("EE");
    expect(body.data.service_types.map((s) => s.service_type)).toEqual(["airtime", "data", "bundle"]);
    expect(body.data.service_types[0]!.rates[0]!.total_cost_eur).toMatch(MONEY);
    expect(Math.abs(Date.parse(body.data.priced_at) - Date.parse(body.meta.timestamp))).toBeLessThan(1_000);
    expect((await h.v2("/topup/products/abc")).status).toBe(400);
  });

  it("§4 /topup/carriers/lookup/{phone}: identifies country and operator of an E.164 number with the upstream fields", async () => {
    const phone = getExampleNumber("GB", examples)!.number; // Google's example mobile number
    const { status, body } = await h.v2<Record<string, unknown>>(`/topup/carriers/lookup/${encodeURIComponent(phone)}`);
    expect(status).toBe(200);
    for (const field of [
      "phone",
      "id_operator",
      "id_country",
      "operator_name",
      "country_name",
      "iso_short_code",
      "topup_type",
      "img",
    ])
      expect(body.data[field]).toBeDefined();
    expect(body.data).toMatchObject({ phone, id_country: 826, iso_short_code: "gb", country_name: "United Kingdom" });
    expect(Object.keys(await gbOperators())).toContain(String(body.data.id_operator));
  });

  it("§4 /topup/carriers/lookup/{phone}: the same prefix always gives the same operator; countries' example numbers resolve", async () => {
    const a = await h.v2<{ id_operator: number }>("/topup/carriers/lookup/+447400123456");
    const b = await h.v2<{ id_operator: number }>("/topup/carriers/lookup/+447400999999");
    expect(a.body.data.id_operator).toBe(b.body.data.id_operator);
    for (const country of ["US", "DE", "FR", "ES", "IN", "NG", "KE", "PH", "MX", "BR"] as CountryCode[]) {
      const phone = getExampleNumber(country, examples)!.number;
      const found = await h.v2<{ iso_short_code: string }>(`/topup/carriers/lookup/${encodeURIComponent(phone)}`);
      expect(found.status, `${country} ${phone}`).toBe(200);
      expect(found.body.data.iso_short_code).toBe(country.toLowerCase());
    }
  });

  it("§4 /topup/carriers/lookup/{phone}: an impossible number is 400 INVALID_PHONE_NUMBER; a country without operators is 404", async () => {
    for (const phone of ["+4412", "+447400", "hello", "+99912345678"]) {
      const bad = await h.v2(`/topup/carriers/lookup/${encodeURIComponent(phone)}`);
      expect(bad.status, phone).toBe(400);
      expect(bad.body.error?.code).toBe("INVALID_PHONE_NUMBER");
    }
    const noOperators = await h.v2(
      `/topup/carriers/lookup/${encodeURIComponent(getExampleNumber("JP", examples)!.number)}`,
    );
    expect(noOperators.status).toBe(404);
    expect(noOperators.body.error?.code).toBe("COUNTRY_NOT_SUPPORTED");
  });

  it("§4 top-up catalog: gift card brands are not top-up operators", async () => {
    const brands = await h.v2<Array<{ id_operator: number }>>("/giftcards/brands?limit=1");
    const brandId = brands.body.data[0]!.id_operator;
    expect((await h.v2(`/topup/operators/${brandId}/rates`)).status).toBe(404);
    expect((await h.v2(`/topup/products/${brandId}`)).status).toBe(404);
  });

  it("upstream-notes: operator img is a generated SVG served by the emulator without auth", async () => {
    const ee = Object.values(await gbOperators()).find((o) => o.operator_name === "EE")!;
    const image = await fetch(ee.img);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toContain("image/svg+xml");
    expect(await image.text()).toContain("<title>EE</title>");
    expect((await fetch(`${h.emulator.url}/v2/img/operators/999999.svg`)).status).toBe(404);
  });
});
