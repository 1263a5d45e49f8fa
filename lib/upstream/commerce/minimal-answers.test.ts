import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isUpstreamError } from "../errors";
import { createCommerceClient } from "./client";

// The client fed each catalog, utility and balance answer in its DOCUMENTED MINIMAL form: the
// C§7 envelope around only the fields C§2 and C§4 name. Where the documents name a record's
// fields ("not shown"), the answer is the emptiest one that still means something (an empty
// list, a record with nothing the shop can sell by). The client either accepts it, with what
// the products need, or refuses it with a clear INVALID_RESPONSE naming the route: never a crash.
// (The notes' fuller shapes are covered against the emulator in catalog.int.test.ts.)

const meta = { request_id: "req_min", timestamp: "2026-11-28T10:00:00Z" };
const ok = (data: unknown) => ({ success: true, data, error: null, meta });

/** A C§2 price point: token, fees and totals, nothing else. */
const pricePoint = (token: string, fee: string, total: string, feeUsd: string, totalUsd: string) => ({
  token,
  service_fee_eur: fee,
  service_fee_usd: feeUsd,
  total_cost_eur: total,
  total_cost_usd: totalUsd,
});
const FIVE = pricePoint("tp_a", "0.41", "6.26", "0.44", "6.76");
const TEN = pricePoint("tp_b", "0.70", "12.40", "0.76", "13.39");

let answers: Map<string, unknown>;
const client = createCommerceClient({
  baseUrl: "https://upstream.test",
  auth: { kind: "api_key", apiId: "test_min000000000000000000001", apiSecret: "sk_min00000000000000000000000000001" },
  policy: { maxAttempts: 1 },
});

beforeEach(() => {
  answers = new Map();
  vi.stubGlobal("fetch", async (input: string | URL) => {
    const url = new URL(String(input));
    const body = answers.get(decodeURIComponent(url.pathname));
    if (body === undefined)
      return new Response(
        JSON.stringify({ success: false, data: null, error: { code: "NOT_FOUND", message: url.pathname }, meta }),
        { status: 404 },
      );
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const answer = (path: string, data: unknown) => answers.set(`/v2${path}`, ok(data));

/** The clear refusal: an UpstreamError INVALID_RESPONSE naming the route, not a TypeError. */
async function refusedClearly(run: () => Promise<unknown>, route: string) {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(isUpstreamError(error)).toBe(true);
  expect(error).toMatchObject({ code: "INVALID_RESPONSE" });
  expect((error as Error).message).toContain(route);
}

describe("top-up catalog, documented minimal answers", () => {
  it("C§4 rates: bare C§2 price points are the operator's rates, each worth its total less its fee", async () => {
    answer("/topup/operators/1000/rates", [FIVE, TEN]);
    const rates = await client.getOperatorRates(1000);
    expect(rates.rates).toHaveLength(2);
    expect(rates.rates[0]).toMatchObject({
      token: "tp_a",
      service_fee_eur: 41,
      total_cost_eur: 626,
      amount_eur: 585,
      service_fee_usd: 44,
      total_cost_usd: 676,
      amount_usd: 632,
    });
    // No name, no service type, no operator: the product names the rate and the operator itself.
    expect(rates.rates[0]!.product_name ?? null).toBeNull();
    expect(rates.id_operator).toBeUndefined();
  });

  it("C§4 rates: a price point missing a C§2 field is refused clearly", async () => {
    answer("/topup/operators/1000/rates", [{ token: "tp_a", total_cost_eur: "6.26" }]);
    await refusedClearly(() => client.getOperatorRates(1000), "GET /v2/topup/operators/{id}/rates");
  });

  it("C§4 operator detail: without fields the shop can read, it is refused clearly (the offer then names the operator from elsewhere or says it cannot sell)", async () => {
    answer("/topup/products/1000", {});
    await refusedClearly(() => client.getTopupProduct(1000), "GET /v2/topup/products/{operator_id}");
  });

  it("C§2/C§4 countries: the C§2 country code alone is a country, named by its code", async () => {
    answer("/topup/countries", [{ country_iso: "GB" }]);
    const page = await client.listTopupCountries();
    expect(page.items).toEqual([expect.objectContaining({ iso_short_code: "gb", country_name: "United Kingdom" })]);
    expect(page.hasMore).toBe(false);
  });

  it("C§4 operators, service types, promotions: empty lists are accepted; records the shop cannot read are refused clearly", async () => {
    answer("/topup/operators", []);
    answer("/topup/service-types", []);
    answer("/topup/operators/1000/service-types", []);
    answer("/topup/promotions", []);
    expect(await client.listTopupOperators({ country: "gb" })).toEqual([]);
    expect(await client.listTopupServiceTypes()).toEqual([]);
    expect(await client.listOperatorServiceTypes(1000)).toEqual([]);
    expect((await client.listTopupPromotions()).items).toEqual([]);
    answer("/topup/operators", [{}]);
    await refusedClearly(() => client.listTopupOperators({ country: "gb" }), "GET /v2/topup/operators");
  });

  it("C§4 search: bare price points are accepted (rows without an operator link nowhere: the country page leaves them out)", async () => {
    answer("/topup/products/search", [FIVE]);
    const page = await client.searchTopupProducts({ country: "gb" });
    expect(page.items[0]).toMatchObject({ token: "tp_a", amount_eur: 585 });
    expect(page.items[0]!.id_operator ?? page.items[0]!.id_parent).toBeUndefined();
  });

  it("C§4 carrier lookup: the operator id alone, under either spelling, is enough", async () => {
    answer("/topup/carriers/lookup/+447400123456", { id_operator: 1010 });
    expect(await client.lookupCarrier("+447400123456")).toMatchObject({ id_operator: "1010" });
    answer("/topup/carriers/lookup/+447400123456", { operator_id: "1010" });
    expect(await client.lookupCarrier("+447400123456")).toMatchObject({ id_operator: "1010" });
    answer("/topup/carriers/lookup/+447400123456", {});
    await refusedClearly(() => client.lookupCarrier("+447400123456"), "GET /v2/topup/carriers/lookup/{phone}");
  });
});

describe("gift card catalog, documented minimal answers", () => {
  it("C§4 brand products: bare C§2 price points are the denominations", async () => {
    answer("/giftcards/brands/6056/products", [pricePoint("gc_a", "0.30", "6.17", "0.32", "6.66")]);
    const products = await client.getGiftcardBrandProducts(6056);
    expect(products.rates).toEqual([expect.objectContaining({ token: "gc_a", total_cost_eur: 617, amount_eur: 587 })]);
  });

  it("C§4 brand detail: optional for the shop; one it cannot read is refused clearly", async () => {
    answer("/giftcards/products/6056", {});
    await refusedClearly(() => client.getGiftcardProduct(6056), "GET /v2/giftcards/products/{operator_id}");
    // A detail with the brand's fields and no denominations is a detail.
    answer("/giftcards/products/6056", { id_operator: 6056, operator_name: "Steam United Kingdom" });
    expect(await client.getGiftcardProduct(6056)).toMatchObject({ id_operator: "6056" });
  });

  it("C§4 countries and brands: a country by its C§2 code; an empty brand list", async () => {
    answer("/giftcards/countries", [{ country_iso: "jp" }]);
    answer("/giftcards/brands", []);
    expect((await client.listGiftcardCountries()).items).toEqual([
      expect.objectContaining({ iso_short_code: "jp", country_name: "Japan" }),
    ]);
    expect((await client.listGiftcardBrands({ country: "jp" })).items).toEqual([]);
  });
});

describe("travel eSIM catalog, documented minimal answers", () => {
  it("C§2 destinations: the country code or region slug alone", async () => {
    answer("/esim/destinations", [{ country_iso: "fr" }, { country_iso: "eu" }]);
    expect((await client.listEsimDestinations()).items.map((d) => d.country_iso)).toEqual(["fr", "eu"]);
  });

  it("C§2 plans and plan detail: catalog_id, price_token and unlimited alone are accepted (no price: nothing to sell it at)", async () => {
    const plan = { catalog_id: "fr-1gb-7d", price_token: "esim__x", unlimited: false };
    answer("/esim/products", [plan]);
    answer("/esim/products/fr-1gb-7d", plan);
    const [listed] = (await client.listEsimProducts({ country_iso: "fr" })).items;
    expect(listed).toMatchObject(plan);
    expect(listed!.price ?? listed!.retail_eur).toBeUndefined();
    expect(await client.getEsimProduct("fr-1gb-7d")).toMatchObject(plan);
  });

  it("C§4 lines: an answer whose fields are not shown is accepted", async () => {
    answer("/esim/lines/8900000000000000001", {});
    expect(await client.getEsimLine("8900000000000000001")).toEqual({});
  });
});

describe("status and balance, documented minimal answers", () => {
  it("C§4 status: a successful health check without fields is 'ok'", async () => {
    answer("/status", {});
    expect(await client.getStatus()).toMatchObject({ status: "ok" });
  });

  it("C§4 balance: 'current credit balance in EUR': an amount without a currency is in EUR", async () => {
    answer("/balance", { balance: "12.34" });
    expect(await client.getBalance()).toMatchObject({ balance: 1234, currency: "EUR" });
    answer("/balance", {});
    await refusedClearly(() => client.getBalance(), "GET /v2/balance");
  });

  it("C§4 balance history: an empty list is accepted; a record the shop cannot read is refused clearly", async () => {
    answer("/balance/history", []);
    expect((await client.getBalanceHistory()).items).toEqual([]);
    answer("/balance/history", [{}]);
    await refusedClearly(() => client.getBalanceHistory(), "GET /v2/balance/history");
  });
});
