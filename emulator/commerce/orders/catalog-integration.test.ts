import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../app";
import { AUTH, control, FULFILMENT_MS, v2, type Json } from "./test-support/harness";

// End to end through the real catalog (no injected fake): tokens copied from the catalog
// endpoints (spec section 1 "find the product, preview, order, monitor").

let emu: RunningEmulator;
let api: ReturnType<typeof v2>;
let ctl: ReturnType<typeof control>;

beforeAll(async () => {
  emu = await startEmulator(0, { controls: true });
  api = v2(emu.url);
  ctl = control(emu.url);
});
afterAll(() => emu.close());
beforeEach(() => ctl.reset());

const GB_MOBILE = "+447400123456";
const toMinor = (money: string) => Math.round(Number(money) * 100);

async function gbRates(operatorName: string) {
  const operators = (await api.get("/topup/operators?country=gb", AUTH.shopLive)).body.data as Record<string, Json>;
  const operator = Object.values(operators).find((o) => o.operator_name === operatorName);
  expect(operator, `${operatorName} is a gb operator`).toBeTruthy();
  const rates = (await api.get(`/topup/operators/${operator.id_operator}/rates`, AUTH.shopLive)).body.data
    .rates as Json[];
  return rates
    .filter((r) => r.service_type === "airtime")
    .sort((a, b) => toMinor(a.total_cost_eur) - toMinor(b.total_cost_eur));
}

describe("§1 find the product, preview, order, monitor (real catalog)", () => {
  it("§1 top-up: a real rate token → preview total = the rate's total_cost_eur → live debit → fulfilled", async () => {
    const rate = (await gbRates("O2")).at(-1)!;
    const body = { price_token: rate.token, phone: GB_MOBILE };
    const preview = await api.post("/orders/preview", body, AUTH.shopLive);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({
      type: "topup",
      total: rate.total_cost_eur,
      service_fee: rate.service_fee_eur,
      credit_applied: rate.total_cost_eur,
    });

    const created = await api.post("/orders", body, AUTH.shopLive);
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.credits_used).toBe(rate.total_cost_eur);
    const ledger = await ctl.ledger("acct_shop");
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: "debit", amountMinor: toMinor(rate.total_cost_eur), simulated: false });

    await ctl.advance(FULFILMENT_MS);
    const detail = await api.get(`/orders/${created.body.data.order_id}`, AUTH.shopLive);
    expect(detail.body.data).toMatchObject({
      status: "fulfilled",
      delivery_status: "delivered",
      product: { operator_name: "O2" },
    });
  });

  it("§6 the catalog's sandbox items drive the simulation: EE's cheapest airtime rate fails, the second goes to MANUAL_REVISION", async () => {
    const [cheapest, second] = await gbRates("EE");
    const failed = (await api.post("/orders", { price_token: cheapest!.token, phone: GB_MOBILE }, AUTH.shopSandbox))
      .body.data;
    const manual = (await api.post("/orders", { price_token: second!.token, phone: GB_MOBILE }, AUTH.shopSandbox)).body
      .data;
    await ctl.advance(FULFILMENT_MS);
    expect((await api.get(`/orders/${failed.order_id}`, AUTH.shopSandbox)).body.data.status).toBe("failed");
    expect((await api.get(`/orders/${manual.order_id}`, AUTH.shopSandbox)).body.data.status).toBe("MANUAL_REVISION");
  });

  it("§1 eSIM: a plan's price_token and catalog_id → sandbox_esim_ order → iccid, LPA string and a QR PNG", async () => {
    const plans = (await api.get("/esim/products?country_iso=de", AUTH.shopSandbox)).body.data as Json[];
    const plan = plans[0]!;
    const created = await api.post(
      "/esim/orders",
      { price_token: plan.price_token, catalog_id: plan.catalog_id },
      AUTH.shopSandbox,
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.order_id).toMatch(/^sandbox_esim_\d+$/);
    expect(created.body.data.credits_used).toBe(plan.retail_eur);
    await ctl.advance(FULFILMENT_MS);
    const order = (await api.get(`/orders/${created.body.data.order_id}`, AUTH.shopSandbox)).body.data;
    expect(order).toMatchObject({ status: "fulfilled", catalog_id: plan.catalog_id });
    expect(order.lpa_string).toMatch(/^LPA:1\$[^$]+\$[^$]+$/);
    const png = await fetch(order.qr_code_url);
    expect(png.headers.get("content-type")).toBe("image/png");
  });

  it("§2 eSIM price tokens expire: after the catalog's token lifetime the create answers PRICE_TOKEN_EXPIRED", async () => {
    const plan = ((await api.get("/esim/products?country_iso=de", AUTH.shopLive)).body.data as Json[])[0]!;
    await ctl.advance(24 * 3_600_000);
    const res = await api.post(
      "/orders",
      { price_token: plan.price_token, catalog_id: plan.catalog_id },
      AUTH.shopLive,
    );
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("PRICE_TOKEN_EXPIRED");
    const tampered = await api.post(
      "/orders",
      {
        price_token: plan.price_token.replace(/.$/, (c: string) => (c === "0" ? "1" : "0")),
        catalog_id: plan.catalog_id,
      },
      AUTH.shopLive,
    );
    expect(tampered.body.error.code).toMatch(/^(INVALID_PRICE_TOKEN|PRICE_TOKEN_EXPIRED)$/);
  });

  it("§1 gift card: a brand denomination token (price_token only) → fulfilled with a redemption code", async () => {
    const brands = (await api.get("/giftcards/brands?country=gb&q=Amazon", AUTH.shopLive)).body.data as Json[];
    const amazon = brands.find((b) => b.brand_name === "Amazon")!;
    const rates = (await api.get(`/giftcards/brands/${amazon.id_operator}/products`, AUTH.shopLive)).body.data
      .rates as Json[];
    const created = await api.post("/orders", { price_token: rates.at(-1)!.token }, AUTH.shopLive);
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({ type: "giftcard", credits_used: rates.at(-1)!.total_cost_eur });
    await ctl.advance(FULFILMENT_MS);
    const order = (await api.get(`/orders/${created.body.data.order_id}`, AUTH.shopLive)).body.data;
    expect(order.status).toBe("fulfilled");
    expect(order.redemption_code).toBeTruthy();
  });

  it("§6 the catalog's failing phone number fails a top-up of its country", async () => {
    const operators = (await api.get("/topup/operators?country=us", AUTH.shopSandbox)).body.data as Record<
      string,
      Json
    >;
    const operator = Object.values(operators)[0]!;
    const rate = (
      (await api.get(`/topup/operators/${operator.id_operator}/rates`, AUTH.shopSandbox)).body.data.rates as Json[]
    ).at(-1)!;
    const created = await api.post("/orders", { price_token: rate.token, phone: "+12025550100" }, AUTH.shopSandbox);
    expect(created.status, created.text).toBe(201);
    await ctl.advance(FULFILMENT_MS);
    expect((await api.get(`/orders/${created.body.data.order_id}`, AUTH.shopSandbox)).body.data.status).toBe("failed");
  });
});
