import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommerceClient } from "./client";
import { allPages } from "./pagination";
import { startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";

// Every catalog family of spec section 4 through the client, against the emulator (seed 42).

let emu: CommerceEmulator;
let api: CommerceClient;

beforeAll(async () => {
  emu = await startCommerceEmulator();
  api = emu.client();
});
afterAll(() => emu.close());

describe("top-up catalog", () => {
  it("pages through the countries with the cursor, without repeats", async () => {
    const first = await api.listTopupCountries();
    expect(first.items).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.cursor).toEqual(expect.any(String));

    const second = await api.listTopupCountries({ cursor: first.cursor! });
    expect(second.hasMore).toBe(false);
    expect(second.cursor).toBeNull();
    const codes = [...first.items, ...second.items].map((c) => c.iso_short_code);
    expect(new Set(codes).size).toBe(codes.length);
    const gb = [...first.items, ...second.items].find((c) => c.iso_short_code === "gb");
    // Integer ids become strings.
    expect(gb).toMatchObject({ id_country: "826", country_name: "United Kingdom" });

    const all = await allPages((cursor) => api.listTopupCountries({ cursor, limit: 20 }));
    expect(all.map((c) => c.iso_short_code)).toEqual(codes);
  });

  it("lists a country's operators (sent keyed by id_operator) as a list", async () => {
    const operators = await api.listTopupOperators({ country: "gb" });
    expect(operators.map((o) => o.operator_name)).toContain("EE");
    expect(operators.find((o) => o.operator_name === "EE")).toMatchObject({
      id_operator: "1000",
      iso_short_code: "gb",
    });
  });

  it("gives an empty list for a country without operators (sent as [])", async () => {
    expect(await api.listTopupOperators({ country: "jp" })).toEqual([]);
  });

  it("reads rates with exact minor-unit money and usable tokens", async () => {
    const rates = await api.getOperatorRates(1000, { service_type: "airtime" });
    expect(rates).toMatchObject({ id_operator: "1000", operator_name: "EE", iso_short_code: "gb" });
    const five = rates.rates[0]!;
    expect(five).toMatchObject({
      token: "tp_4c94a2f23c6d7a206c068c00",
      product_name: "EE 5 GBP Airtime",
      amount_local: 500,
      currency_local: "GBP",
      amount_eur: 585,
      service_fee_eur: 41,
      total_cost_eur: 626,
      id_operator: "1001",
    });
    for (const rate of rates.rates) {
      expect(Number.isInteger(rate.total_cost_eur)).toBe(true);
      expect(rate.total_cost_eur).toBe(rate.amount_eur! + rate.service_fee_eur);
      expect(rate.total_cost_usd).toBe(rate.amount_usd! + rate.service_fee_usd);
    }
  });

  it("lists an operator's service types as child operators", async () => {
    const types = await api.listOperatorServiceTypes(1000);
    expect(types.map((t) => [t.id_operator, t.service_type])).toEqual([
      ["1001", "airtime"],
      ["1002", "data"],
      ["1003", "bundle"],
    ]);
  });

  it("looks up the carrier of an E.164 number (the + survives the path)", async () => {
    const carrier = await api.lookupCarrier("+447400123456");
    expect(carrier).toMatchObject({
      phone: "+447400123456",
      id_operator: "1010",
      operator_name: "O2",
      iso_short_code: "gb",
      id_country: "826",
    });
  });

  it("reads the operator detail, the search, the service types and the promotions", async () => {
    // The detail is read for the operator's own fields; prices come from its rates (above).
    const detail = await api.getTopupProduct(1000);
    expect(detail).toMatchObject({ id_operator: "1000", operator_name: "EE", iso_short_code: "gb" });

    const search = await api.searchTopupProducts({ country: "gb", limit: 5 });
    expect(search.items).toHaveLength(5);
    expect(search.hasMore).toBe(true);
    expect(search.items.every((row) => row.iso_short_code === "gb" && row.token.startsWith("tp_"))).toBe(true);

    expect((await api.listTopupServiceTypes()).map((t) => t.service_type)).toEqual(["airtime", "data", "bundle"]);
    const promotions = await api.listTopupPromotions();
    expect(promotions.items.length).toBeGreaterThan(0);
    expect(promotions.items.every((p) => p.category === "topup")).toBe(true);
  });
});

describe("un-prefixed aliases: the unfiltered catalog", () => {
  it("mixes gift card brands and types into operators, service types and countries", async () => {
    const japan = await api.listAllOperators({ country: "jp" });
    expect(japan.length).toBeGreaterThan(0);
    expect(japan.every((o) => o.parent_category === "giftcards")).toBe(true);

    expect((await api.listAllServiceTypes()).map((t) => t.service_type)).toContain("giftcard");

    const all = await api.listAllCountries({ limit: 100 });
    expect(all.items.map((c) => c.iso_short_code)).toContain("jp");
    const topupOnly = await api.listTopupCountries({ limit: 100 });
    expect(topupOnly.items.map((c) => c.iso_short_code)).not.toContain("jp");

    const products = await api.searchAllProducts({ country: "gb", limit: 100 });
    expect(products.items.some((row) => row.token.startsWith("gc_"))).toBe(true);
    expect((await api.listAllPromotions()).items.length).toBeGreaterThan(0);
  });
});

describe("travel eSIM catalog", () => {
  it("lists destinations and plans with signed price tokens", async () => {
    const destinations = await api.listEsimDestinations({ coverage_type: "REGIONAL" });
    expect(destinations.items.map((d) => d.country_iso).sort()).toEqual(["as", "eu"]);

    const plans = await api.listEsimProducts({ country_iso: "gb" });
    const oneGb = plans.items.find((p) => p.catalog_id === "gb-1gb-7d")!;
    expect(oneGb).toMatchObject({
      unlimited: false,
      data_gb: 1,
      validity_days: 7,
      price: 549,
      retail_eur: 549,
      currency: "EUR",
    });
    expect(oneGb.price_token).toMatch(/^esim__gb-1gb-7d__5\.49__EUR__0__\d+__[0-9a-f]{16}$/);
    expect(plans.meta.token_expires_in).toBe(1800);
    const unlimited = plans.items.find((p) => p.unlimited)!;
    expect(unlimited.data_gb).toBeNull();

    const usd = await api.listEsimProducts({ country_iso: "gb", currency: "USD", data_type: "unlimited" });
    expect(usd.items.every((p) => p.unlimited && p.currency === "USD" && p.price === p.retail_usd)).toBe(true);
  });

  it("reads a plan's detail with a fresh token and its expiry", async () => {
    const plan = await api.getEsimProduct("gb-5gb-30d");
    expect(plan).toMatchObject({ catalog_id: "gb-5gb-30d", price: 1199, countries: ["gb"] });
    expect(Date.parse(plan.price_token_expires_at!)).toBeGreaterThan(Date.now());
  });

  it("builds the public QR image URL without fetching it", () => {
    expect(api.esimQrCodeUrl("ticket1", "abc")).toBe(`${emu.url}/v2/esim/qr/ticket1/abc`);
  });
});

describe("gift card catalog", () => {
  it("lists countries and brands, and reads a brand's denominations and detail", async () => {
    const countries = await api.listGiftcardCountries({ limit: 100 });
    expect(countries.items.map((c) => c.iso_short_code)).toContain("gb");

    const brands = await api.listGiftcardBrands({ country: "gb", q: "Steam" });
    const steam = brands.items.find((b) => b.id_operator === "6056")!;
    expect(steam).toMatchObject({
      brand_name: "Steam",
      currency: "GBP",
      min_face_value: 500,
      max_face_value: 10000,
      parent_category: "giftcards",
    });

    const products = await api.getGiftcardBrandProducts(6056);
    expect(products.rates[0]).toMatchObject({
      token: "gc_92c6df83b0b9b8ddc0358443",
      amount_local: 500,
      total_cost_eur: 617,
    });

    const detail = await api.getGiftcardProduct(6056);
    expect(detail.redemption_instructions).toContain("Steam");
  });

  it("counts face values in the currency's own minor units (JPY has none)", async () => {
    const japan = await api.listGiftcardBrands({ country: "jp", q: "Amazon" });
    expect(japan.items[0]).toMatchObject({ currency: "JPY", min_face_value: 1500, max_face_value: 15000 });
  });
});

describe("status and utilities", () => {
  it("reads the health check and the v2 root without credentials, and geolocation with them", async () => {
    expect(await api.getStatus()).toMatchObject({ status: "ok", services: { esim: "operational" } });
    const root = await api.getRoot();
    expect(root.links?.orders).toBe(`${emu.url}/v2/orders`);
    expect(await api.getGeo()).toMatchObject({ iso_short_code: "es", id_country: "724" });
  });
});
