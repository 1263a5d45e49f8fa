import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../app";
import { GB_PHONE, TOKENS } from "./test-support/fake-catalog";
import { AUTH, control, FULFILMENT_MS, startOrdersEmulator, v2, type Json } from "./test-support/harness";

// Spec sections 1, 2 and 3: consumer (OAuth) and payment-link checkouts, the emulated hosted
// checkout page, and the order that appears in GET /orders?checkout_hash= once paid.

let emu: RunningEmulator;
let api: ReturnType<typeof v2>;
let ctl: ReturnType<typeof control>;
let consumer: string;

beforeAll(async () => {
  emu = await startOrdersEmulator();
  api = v2(emu.url);
  ctl = control(emu.url);
});
afterAll(() => emu.close());
beforeEach(async () => {
  await ctl.reset();
  consumer = await ctl.token("consumer@emulator.test", "orders:read orders:write");
});

const topupBody = { price_token: TOKENS.topup, phone: GB_PHONE };
const postForm = (url: string) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  });

describe("§1 consumer OAuth checkout", () => {
  it("§3 consumer create: awaiting_payment, order_id null, payment_link, checkout_hash (32–64 hex), expires_at; no debit", async () => {
    const res = await api.post("/orders", topupBody, consumer);
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data).toMatchObject({
      type: "topup",
      status: "awaiting_payment",
      order_id: null,
      checkout_mode: "payment_link",
      credits_used: "0.00",
      total: "10.50",
      environment: "production",
    });
    expect(data.checkout_hash).toMatch(/^[0-9a-f]{32,64}$/);
    expect(data.payment_link).toBe(`${emu.url}/v2/checkout/${data.checkout_hash}`);
    expect(Date.parse(data.expires_at)).toBeGreaterThan(Date.now());
    expect(data.show_to_user.payment_link).toBe(data.payment_link);
    expect(Object.values(data.show_to_user)).not.toContain(data.checkout_hash);
    expect(await ctl.ledger()).toEqual([]);
    expect((await api.get(`/orders?checkout_hash=${data.checkout_hash}`, consumer)).body.data).toEqual([]);
  });

  it("§3 buyer completes payment on the hosted page: order_id set, visible by polling GET /orders?checkout_hash=, then fulfilled", async () => {
    const created = (await api.post("/orders", topupBody, consumer)).body.data;
    const page = await fetch(created.payment_link);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain(">Pay</button>");
    expect(html).toContain(">Cancel</button>");
    expect(html).toContain("10.50 EUR");
    const action = /<form method="post" action="([^"]+\/pay)"/.exec(html)![1]!;

    const paid = await postForm(`${emu.url}${action}`);
    expect(paid.status).toBe(303);
    const after = await (await fetch(`${emu.url}${paid.headers.get("location")}`)).text();
    expect(after).toContain('data-status="paid"');

    const list = await api.get(`/orders?checkout_hash=${created.checkout_hash}`, consumer);
    expect(list.body.data).toHaveLength(1);
    const order = list.body.data[0];
    expect(order).toMatchObject({
      checkout_hash: created.checkout_hash,
      checkout_mode: "payment_link",
      status: "processing",
      credits_used: "0.00",
      type: "topup",
    });
    expect(order.order_id).toMatch(/^ord_\d+$/);
    expect(after).toContain(order.order_id);
    expect(await ctl.ledger()).toEqual([]);

    await ctl.advance(FULFILMENT_MS);
    expect((await api.get(`/orders/${order.order_id}`, consumer)).body.data.status).toBe("fulfilled");
  });

  it("§1 a consumer asking for checkout_mode credits → 422 CHECKOUT_MODE_NOT_ALLOWED", async () => {
    const res = await api.post("/orders", { ...topupBody, checkout_mode: "credits" }, consumer);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("CHECKOUT_MODE_NOT_ALLOWED");
  });

  it("§5 consumer OAuth: no balance and no webhooks (403)", async () => {
    expect((await api.get("/balance", consumer)).status).toBe(403);
    expect((await api.get("/webhooks", consumer)).status).toBe(403);
  });

  it("§1 consumer preview (optional for consumers) shows the amount due and no credit", async () => {
    const res = await api.post("/orders/preview", topupBody, consumer);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      checkout_mode: "payment_link",
      total: "10.50",
      credit_applied: "0.00",
      amount_due: "10.50",
      balance: null,
    });
  });

  it("§3 a sandbox consumer token pays into a sandbox order", async () => {
    const token = await ctl.token("consumer@emulator.test", "orders:read orders:write", "sandbox");
    const created = (await api.post("/orders", { price_token: TOKENS.giftcard }, token)).body.data;
    const paid = await ctl.post(`/commerce/checkout/${created.checkout_hash}/pay`);
    expect(paid.body.order_id).toMatch(/^sandbox_giftcard_\d+$/);
  });
});

describe("§2 PRO checkout_mode payment_link", () => {
  it("§2 a PRO caller asking for payment_link gets a checkout, no debit; the control pays it", async () => {
    const created = await api.post("/orders", { ...topupBody, checkout_mode: "payment_link" }, AUTH.shopLive);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: "awaiting_payment",
      order_id: null,
      checkout_mode: "payment_link",
    });
    expect((await api.get("/balance", AUTH.shopLive)).body.data.balance).toBe("5000.00");

    const paid = await ctl.post(`/commerce/checkout/${created.body.data.checkout_hash}/pay`);
    expect(paid.status).toBe(200);
    const list = await api.get(`/orders?checkout_hash=${created.body.data.checkout_hash}`, AUTH.shopLive);
    expect(list.body.data.map((o: Json) => o.order_id)).toEqual([paid.body.order_id]);
    expect((await api.get("/balance", AUTH.shopLive)).body.data.balance).toBe("5000.00");
    expect(await ctl.ledger()).toEqual([]);
  });

  it("§2 a paid checkout cannot be paid again (409); a cancelled one cannot be paid (409)", async () => {
    const a = (await api.post("/orders", { ...topupBody, checkout_mode: "payment_link" }, AUTH.shopLive)).body.data;
    expect((await ctl.post(`/commerce/checkout/${a.checkout_hash}/pay`)).status).toBe(200);
    expect((await ctl.post(`/commerce/checkout/${a.checkout_hash}/pay`)).status).toBe(409);
    expect((await api.get(`/orders?checkout_hash=${a.checkout_hash}`, AUTH.shopLive)).body.data).toHaveLength(1);

    const b = (await api.post("/orders", { ...topupBody, checkout_mode: "payment_link" }, AUTH.shopLive)).body.data;
    const cancel = await postForm(`${emu.url}/v2/checkout/${b.checkout_hash}/cancel`);
    expect(cancel.status).toBe(303);
    expect(await (await fetch(b.payment_link)).text()).toContain('data-status="cancelled"');
    const payAfterCancel = await postForm(`${emu.url}/v2/checkout/${b.checkout_hash}/pay`);
    expect(payAfterCancel.status).toBe(409);
    expect((await api.get(`/orders?checkout_hash=${b.checkout_hash}`, AUTH.shopLive)).body.data).toEqual([]);
  });

  it("§2 a payment link expires after an hour: paying answers 410", async () => {
    const created = (await api.post("/orders", { ...topupBody, checkout_mode: "payment_link" }, AUTH.shopLive)).body
      .data;
    await ctl.advance(3_600_000);
    const res = await ctl.post(`/commerce/checkout/${created.checkout_hash}/pay`);
    expect(res.status).toBe(410);
    expect(res.body.code).toBe("CHECKOUT_EXPIRED");
    expect(await (await fetch(created.payment_link)).text()).toContain('data-status="expired"');
  });

  it("§2 an unknown checkout page is 404", async () => {
    expect((await fetch(`${emu.url}/v2/checkout/${"0".repeat(40)}`)).status).toBe(404);
  });

  it("§4 idempotency replays a payment-link checkout with the same checkout_hash", async () => {
    const headers = { "Idempotency-Key": "checkout-1" };
    const first = await api.post("/orders", topupBody, consumer, headers);
    const second = await api.post("/orders", topupBody, consumer, headers);
    expect(second.body.data.checkout_hash).toBe(first.body.data.checkout_hash);
  });
});
