import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../app";
import { TOKENS, GB_PHONE } from "./test-support/fake-catalog";
import { AUTH, control, startOrdersEmulator, v2 } from "./test-support/harness";

// The documented dialect of the order core (README "Dialects"): only what commerce-api-v2.md
// names for orders. The observed dialect's answers are covered by orders.test.ts.

let emu: RunningEmulator;
let api: ReturnType<typeof v2>;
let ctl: ReturnType<typeof control>;

beforeAll(async () => {
  emu = await startOrdersEmulator({ dialect: "documented" });
  api = v2(emu.url);
  ctl = control(emu.url);
});
afterAll(() => emu.close());
beforeEach(() => ctl.reset());

const topupBody = { price_token: TOKENS.topup, phone: GB_PHONE };
const KEY = { "Idempotency-Key": "order-1" };

describe("documented dialect: §2 preview result", () => {
  it("answers the breakdown in the rate's money names (recharge, service fee, SMS fee, total, credit applied)", async () => {
    const res = await api.post("/orders/preview", { ...topupBody, sms_notification: true }, AUTH.shopLive);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      recharge_amount_eur: "10.00",
      service_fee_eur: "0.50",
      sms_fee_eur: "0.99",
      total_cost_eur: "11.49",
      credit_applied_eur: "11.49",
    });
  });
});

describe("documented dialect: §1 a PRO account must preview before create", () => {
  it("refuses a create without a preview of the same body, in the §7 envelope, and debits nothing", async () => {
    const res = await api.post("/orders", topupBody, AUTH.shopLive);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, data: null, error: { code: "PREVIEW_REQUIRED" } });
    expect(await ctl.ledger()).toEqual([]);
  });

  it("refuses a create whose preview was of another body, or older than 30 minutes", async () => {
    await api.post("/orders/preview", { ...topupBody, sms_notification: true }, AUTH.shopLive);
    expect((await api.post("/orders", topupBody, AUTH.shopLive)).body.error.code).toBe("PREVIEW_REQUIRED");
    await api.post("/orders/preview", topupBody, AUTH.shopLive);
    await ctl.advance(30 * 60_000 + 1_000);
    expect((await api.post("/orders", topupBody, AUTH.shopLive)).body.error.code).toBe("PREVIEW_REQUIRED");
  });

  it("does not count another account's preview", async () => {
    await api.post("/orders/preview", topupBody, AUTH.enterpriseLive);
    expect((await api.post("/orders", topupBody, AUTH.shopLive)).body.error.code).toBe("PREVIEW_REQUIRED");
  });
});

describe("documented dialect: §4 PRO create", () => {
  it("answers only order_id, type and the credits debited: no status", async () => {
    await api.post("/orders/preview", topupBody, AUTH.shopLive);
    const res = await api.post("/orders", topupBody, AUTH.shopLive);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      order_id: expect.stringMatching(/^ord_/),
      type: "topup",
      credits_debited: "10.50",
    });
    // GET /orders/{id} gives the status (§4 "status and details of one order").
    const detail = await api.get(`/orders/${res.body.data.order_id as string}`, AUTH.shopLive);
    expect(detail.body.data).toMatchObject({ order_id: res.body.data.order_id, type: "topup", status: "processing" });
  });

  it("ignores Idempotency-Key: the same key and body twice are two orders and two debits", async () => {
    await api.post("/orders/preview", topupBody, AUTH.shopLive);
    const first = await api.post("/orders", topupBody, AUTH.shopLive, KEY);
    const second = await api.post("/orders", topupBody, AUTH.shopLive, KEY);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.body.data.order_id).not.toBe(first.body.data.order_id);
    expect((await ctl.ledger("acct_shop")).filter((e) => e.kind === "debit")).toHaveLength(2);
  });

  it("does not check the key's form either (the documents define no such header)", async () => {
    await api.post("/orders/preview", topupBody, AUTH.shopLive);
    expect((await api.post("/orders", topupBody, AUTH.shopLive, { "Idempotency-Key": "é".repeat(3) })).status).toBe(
      201,
    );
  });
});

describe("documented dialect: §4 payment-link create", () => {
  it("answers payment_link alone: no checkout_hash, no status, no order_id before payment", async () => {
    const body = { ...topupBody, checkout_mode: "payment_link" };
    await api.post("/orders/preview", body, AUTH.shopLive);
    const res = await api.post("/orders", body, AUTH.shopLive);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ payment_link: expect.stringMatching(/\/v2\/checkout\/[0-9a-f]{40}$/) });
    expect(await ctl.ledger()).toEqual([]);
  });

  it("a consumer skips preview (§1)", async () => {
    const token = await ctl.token("consumer@emulator.test", "orders:read orders:write");
    const res = await api.post("/orders", { price_token: TOKENS.giftcard }, token);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data)).toEqual(["payment_link"]);
  });
});

describe("documented dialect: §4 GET /orders lists completed orders", () => {
  it("shows an order only once it is fulfilled; GET /orders/{id} shows it at once", async () => {
    await api.post("/orders/preview", topupBody, AUTH.shopLive);
    const created = await api.post("/orders", topupBody, AUTH.shopLive);
    const id = created.body.data.order_id as string;
    expect((await api.get("/orders?type=topup", AUTH.shopLive)).body.data).toEqual([]);
    expect((await api.get(`/orders/${id}`, AUTH.shopLive)).body.data.status).toBe("processing");
    await ctl.advance(5_000);
    expect(
      (await api.get("/orders?type=topup", AUTH.shopLive)).body.data.map((o: { order_id: string }) => o.order_id),
    ).toEqual([id]);
  });
});
