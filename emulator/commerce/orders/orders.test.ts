import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../app";
import { ESIM_CATALOG_ID, ES_PHONE, GB_PHONE, TOKENS } from "./test-support/fake-catalog";
import { AUTH, control, startOrdersEmulator, v2, type Json } from "./test-support/harness";

// Spec sections 2, 3, 4, 5 and 7: preview, create, aliases, validation, idempotency, list, detail.

let emu: RunningEmulator;
let api: ReturnType<typeof v2>;
let ctl: ReturnType<typeof control>;

beforeAll(async () => {
  emu = await startOrdersEmulator();
  api = v2(emu.url);
  ctl = control(emu.url);
});
afterAll(() => emu.close());
beforeEach(() => ctl.reset());

const topupBody = { price_token: TOKENS.topup, phone: GB_PHONE };
const balanceOf = async (auth: string) => (await api.get("/balance", auth)).body.data.balance as string;

describe("§4 POST /orders/preview", () => {
  it("§2 preview result: PRO breakdown of recharge amount, service fee, SMS fee 0.99, total and credit applied", async () => {
    const res = await api.post(
      "/orders/preview",
      { ...topupBody, sms_notification: true, sms_text: "Enjoy!" },
      AUTH.shopLive,
    );
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      type: "topup",
      checkout_mode: "credits",
      environment: "production",
      recharge_amount: "10.00",
      service_fee: "0.50",
      sms_fee: "0.99",
      total: "11.49",
      credit_applied: "11.49",
      amount_due: "0.00",
      currency: "EUR",
      balance: "5000.00",
      balance_after: "4988.51",
      sufficient_credits: true,
      phone: GB_PHONE,
    });
  });

  it("§2 preview: no order is created and no credit is deducted", async () => {
    await api.post("/orders/preview", topupBody, AUTH.shopLive);
    await api.post("/orders/preview", topupBody, AUTH.shopLive);
    expect(await balanceOf(AUTH.shopLive)).toBe("5000.00");
    expect(await ctl.ledger()).toEqual([]);
    expect((await api.get("/orders", AUTH.shopLive)).body.data).toEqual([]);
  });

  it("§2 preview is account-specific: acct_poor sees its own balance and that it is not enough", async () => {
    const res = await api.post("/orders/preview", topupBody, AUTH.poorLive);
    expect(res.body.data).toMatchObject({
      balance: "1.00",
      total: "10.50",
      sufficient_credits: false,
      balance_after: null,
    });
  });

  it("§5 preview needs the read scope; a token without orders:read gets 403 insufficient_scope", async () => {
    const token = await ctl.token("pro@emulator.test", "balance:read");
    const res = await api.post("/orders/preview", topupBody, token);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_scope");
  });

  it("§5 a call without credentials gets 401 with WWW-Authenticate", async () => {
    const res = await api.post("/orders/preview", topupBody);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("resource_metadata=");
  });
});

describe("§2 create / preview request body", () => {
  const cases: Array<[string, unknown, number, string]> = [
    ["top-up without phone", { price_token: TOKENS.topup }, 422, "PHONE_REQUIRED"],
    ["top-up with a non-E.164 phone", { price_token: TOKENS.topup, phone: "07400123456" }, 422, "INVALID_PHONE"],
    ["top-up with an invalid number", { price_token: TOKENS.topup, phone: "+447700900123" }, 422, "INVALID_PHONE"],
    [
      "top-up with a number of another country",
      { price_token: TOKENS.topup, phone: ES_PHONE },
      422,
      "PHONE_COUNTRY_MISMATCH",
    ],
    ["eSIM without catalog_id", { price_token: TOKENS.esim }, 422, "CATALOG_ID_REQUIRED"],
    [
      "eSIM with another plan's catalog_id",
      { price_token: TOKENS.esim, catalog_id: "other-plan" },
      422,
      "CATALOG_ID_MISMATCH",
    ],
    [
      "gift card with a phone (bodies carry price_token only)",
      { price_token: TOKENS.giftcard, phone: GB_PHONE },
      422,
      "UNEXPECTED_FIELD",
    ],
    [
      "gift card with catalog_id",
      { price_token: TOKENS.giftcard, catalog_id: ESIM_CATALOG_ID },
      422,
      "UNEXPECTED_FIELD",
    ],
    ["an unknown price token", { price_token: "nope" }, 422, "INVALID_PRICE_TOKEN"],
    ["an expired price token", { price_token: TOKENS.expired }, 422, "PRICE_TOKEN_EXPIRED"],
    ["no price_token", { phone: GB_PHONE }, 422, "VALIDATION_ERROR"],
    ["sms_text over 140 characters", { ...topupBody, sms_text: "x".repeat(141) }, 422, "VALIDATION_ERROR"],
    ["an unknown checkout_mode", { ...topupBody, checkout_mode: "card" }, 422, "VALIDATION_ERROR"],
    [
      "sms_notification on a gift card",
      { price_token: TOKENS.giftcard, sms_notification: true },
      422,
      "SMS_NOT_AVAILABLE",
    ],
  ];
  for (const [name, body, status, code] of cases) {
    it(`§2 ${name} → ${status} ${code}, nothing debited`, async () => {
      for (const path of ["/orders/preview", "/orders"]) {
        const res = await api.post(path, body, AUTH.shopLive);
        expect(res.status).toBe(status);
        expect(res.body).toMatchObject({ success: false, data: null, error: { code } });
        expect(res.body.meta.request_id).toBeTruthy();
      }
      expect(await ctl.ledger()).toEqual([]);
    });
  }

  it("§7 a body that is not JSON → 400 INVALID_JSON", async () => {
    const res = await fetch(`${emu.url}/v2/orders`, {
      method: "POST",
      headers: { Authorization: AUTH.shopLive, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.code).toBe("INVALID_JSON");
  });

  it("§2 sms_text of exactly 140 characters is accepted", async () => {
    const res = await api.post(
      "/orders/preview",
      { ...topupBody, sms_notification: true, sms_text: "x".repeat(140) },
      AUTH.shopLive,
    );
    expect(res.status).toBe(200);
  });
});

describe("§4 POST /orders with PRO credentials", () => {
  it("§3 order placed with a PRO live key: order exists with order_id, credits debited at once", async () => {
    const res = await api.post("/orders", { ...topupBody, sms_notification: true, lang: "en" }, AUTH.shopLive);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: "topup",
      status: "processing",
      credits_used: "11.49",
      currency: "EUR",
      environment: "production",
      checkout_mode: "credits",
      payment_link: null,
    });
    expect(res.body.data.order_id).toMatch(/^ord_\d+$/);
    expect(res.body.data.show_to_user).toMatchObject({ order_id: res.body.data.order_id, total: "11.49" });
    expect(await balanceOf(AUTH.shopLive)).toBe("4988.51");
    const ledger = await ctl.ledger("acct_shop");
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: "debit",
      amountMinor: 1149,
      currency: "EUR",
      reference: res.body.data.order_id,
      simulated: false,
    });
  });

  it("§7 INSUFFICIENT_CREDITS: acct_poor's live key gets 402 and the balance is unchanged", async () => {
    const res = await api.post("/orders", { price_token: TOKENS.esim, catalog_id: ESIM_CATALOG_ID }, AUTH.poorLive);
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: "INSUFFICIENT_CREDITS", balance: "1.00", required: "4.50" });
    expect(await balanceOf(AUTH.poorLive)).toBe("1.00");
    expect(await ctl.ledger("acct_poor")).toEqual([]);
    expect((await api.get("/orders", AUTH.poorLive)).body.data).toEqual([]);
  });

  it("§3 order placed with a sandbox key: fake order, no credit debit, simulated ledger entry", async () => {
    const res = await api.post("/orders", topupBody, AUTH.shopSandbox);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ environment: "sandbox", status: "processing", credits_used: "10.50" });
    expect(res.body.data.order_id).toMatch(/^sandbox_topup_\d+$/);
    expect(await balanceOf(AUTH.shopSandbox)).toBe("5000.00");
    expect(await balanceOf(AUTH.shopLive)).toBe("5000.00");
    const ledger = await ctl.ledger("acct_shop");
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: "debit", amountMinor: 1050, simulated: true });
  });

  it("§3 sandbox eSIM ids take the form sandbox_esim_{id}", async () => {
    const res = await api.post("/orders", { price_token: TOKENS.esim, catalog_id: ESIM_CATALOG_ID }, AUTH.shopSandbox);
    expect(res.status).toBe(201);
    expect(res.body.data.order_id).toMatch(/^sandbox_esim_\d+$/);
    expect(res.body.data.type).toBe("esim");
  });

  it("§2 gift card bodies carry price_token only and create a giftcard order", async () => {
    const res = await api.post("/orders", { price_token: TOKENS.giftcard }, AUTH.shopLive);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: "giftcard", credits_used: "26.25" });
  });

  it("§5 create needs orders:write; a token with orders:read only gets 403 insufficient_scope", async () => {
    const token = await ctl.token("pro@emulator.test", "orders:read");
    const res = await api.post("/orders", topupBody, token);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_scope");
    expect(await ctl.ledger()).toEqual([]);
  });

  it("§5 a PRO OAuth token with orders:write places a credits order like an API key", async () => {
    const token = await ctl.token("pro@emulator.test", "orders:read orders:write balance:read");
    const res = await api.post("/orders", topupBody, token);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ checkout_mode: "credits", credits_used: "10.50" });
    expect(await balanceOf(AUTH.shopLive)).toBe("4989.50");
  });
});

describe("§4 Idempotency-Key (upstream-notes)", () => {
  it("§4 the same key on the same account returns the original order with one ledger debit", async () => {
    const headers = { "Idempotency-Key": "order-abc-123" };
    const first = await api.post("/orders", topupBody, AUTH.shopLive, headers);
    const second = await api.post("/orders", { phone: GB_PHONE, price_token: TOKENS.topup }, AUTH.shopLive, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await ctl.ledger("acct_shop")).toHaveLength(1);
    expect(await balanceOf(AUTH.shopLive)).toBe("4989.50");
    expect((await api.get("/orders", AUTH.shopLive)).body.data).toHaveLength(1);
  });

  it("§4 the same key with a different body → 422 IDEMPOTENCY_KEY_REUSED, no second debit", async () => {
    const headers = { "Idempotency-Key": "order-xyz" };
    await api.post("/orders", topupBody, AUTH.shopLive, headers);
    const res = await api.post("/orders", { ...topupBody, sms_notification: true }, AUTH.shopLive, headers);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await ctl.ledger("acct_shop")).toHaveLength(1);
  });

  it("§4 keys are per account: another account's identical key places its own order", async () => {
    const headers = { "Idempotency-Key": "shared-key" };
    const a = await api.post("/orders", topupBody, AUTH.shopLive, headers);
    const b = await api.post("/orders", topupBody, AUTH.enterpriseLive, headers);
    expect(b.body.data.order_id).not.toBe(a.body.data.order_id);
  });

  it("§4 after 24 hours the key no longer replays", async () => {
    const headers = { "Idempotency-Key": "day-old" };
    const first = await api.post("/orders", topupBody, AUTH.shopLive, headers);
    await ctl.advance(24 * 3_600_000);
    const again = await api.post("/orders", topupBody, AUTH.shopLive, headers);
    expect(again.status).toBe(201);
    expect(again.body.data.order_id).not.toBe(first.body.data.order_id);
    expect((await ctl.ledger("acct_shop")).filter((e: Json) => e.kind === "debit")).toHaveLength(2);
  });

  it("§4 a key over 128 characters or with non-printable characters → 400 INVALID_IDEMPOTENCY_KEY", async () => {
    for (const key of ["k".repeat(129), "tab\there"]) {
      const res = await api.post("/orders", topupBody, AUTH.shopLive, { "Idempotency-Key": key });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_IDEMPOTENCY_KEY");
    }
    expect(await ctl.ledger()).toEqual([]);
  });

  it("§4 a 128-character key is accepted", async () => {
    const res = await api.post("/orders", topupBody, AUTH.shopLive, { "Idempotency-Key": "k".repeat(128) });
    expect(res.status).toBe(201);
  });
});

describe("§4 /esim aliases and §1 the eSIM switch", () => {
  it("§4 POST /esim/orders/preview and /esim/orders are aliases with type esim inferred", async () => {
    const body = { price_token: TOKENS.esim, catalog_id: ESIM_CATALOG_ID };
    const preview = await api.post("/esim/orders/preview", body, AUTH.shopLive);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ type: "esim", total: "4.50", catalog_id: ESIM_CATALOG_ID });
    const created = await api.post("/esim/orders", body, AUTH.shopLive);
    expect(created.status).toBe(201);
    expect(created.body.data.type).toBe("esim");
  });

  it("§4 the eSIM alias refuses a top-up token (422 PRICE_TOKEN_TYPE_MISMATCH)", async () => {
    const res = await api.post("/esim/orders", topupBody, AUTH.shopLive);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("PRICE_TOKEN_TYPE_MISMATCH");
  });

  it("§1 eSIM disabled: aliases and an eSIM token on /orders answer 404 ESIM_DISABLED; top-ups still work", async () => {
    await ctl.config({ esimEnabled: false });
    try {
      const body = { price_token: TOKENS.esim, catalog_id: ESIM_CATALOG_ID };
      for (const [path, auth] of [
        ["/esim/orders", AUTH.shopLive],
        ["/esim/orders/preview", undefined],
        ["/orders", AUTH.shopLive],
        ["/orders/preview", AUTH.shopLive],
      ] as const) {
        const res = await api.post(path, body, auth);
        expect(res.status, path).toBe(404);
        expect(res.body.error.code).toBe("ESIM_DISABLED");
      }
      expect((await api.post("/orders", topupBody, AUTH.shopLive)).status).toBe(201);
    } finally {
      await ctl.config({ esimEnabled: true });
    }
  });
});

describe("§4 GET /orders and GET /orders/{id}", () => {
  it("§4 list: keyset pagination with limit, meta.has_more and meta.cursor, newest first", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await api.post("/orders", topupBody, AUTH.shopLive)).body.data.order_id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await api.get(`/orders?limit=2${cursor ? `&cursor=${cursor}` : ""}`, AUTH.shopLive);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((o: Json) => o.order_id));
      cursor = page.body.meta.cursor;
      expect(page.body.meta.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it("§4 list: default limit 50, at most 100 per page", async () => {
    const res = await api.get("/orders?limit=500", AUTH.shopLive);
    expect(res.body.meta.limit).toBe(100);
    expect((await api.get("/orders", AUTH.shopLive)).body.meta.limit).toBe(50);
  });

  it("§4 list: query type filters; eSIM rows show balance_amount 'per order basis'", async () => {
    await api.post("/orders", topupBody, AUTH.shopLive);
    await api.post("/orders", { price_token: TOKENS.esim, catalog_id: ESIM_CATALOG_ID }, AUTH.shopLive);
    await api.post("/orders", { price_token: TOKENS.giftcard }, AUTH.shopLive);
    const esim = await api.get("/orders?type=esim", AUTH.shopLive);
    expect(esim.body.data).toHaveLength(1);
    expect(esim.body.data[0]).toMatchObject({ type: "esim", balance_amount: "per order basis" });
    expect((await api.get("/orders?type=topup", AUTH.shopLive)).body.data.map((o: Json) => o.type)).toEqual(["topup"]);
    expect((await api.get("/orders?type=giftcard", AUTH.shopLive)).body.data.map((o: Json) => o.type)).toEqual([
      "giftcard",
    ]);
  });

  it("§4 list: a bad type or cursor → 400", async () => {
    expect((await api.get("/orders?type=unlock", AUTH.shopLive)).body.error.code).toBe("INVALID_QUERY");
    const res = await api.get("/orders?cursor=garbage", AUTH.shopLive);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_CURSOR");
  });

  it("§4 list and detail show only the caller's own orders (account and environment)", async () => {
    const mine = (await api.post("/orders", topupBody, AUTH.shopLive)).body.data.order_id as string;
    expect((await api.get("/orders", AUTH.enterpriseLive)).body.data).toEqual([]);
    expect((await api.get("/orders", AUTH.shopSandbox)).body.data).toEqual([]);
    const other = await api.get(`/orders/${mine}`, AUTH.enterpriseLive);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("ORDER_NOT_FOUND");
  });

  it("§4 detail: status and details of one order; unknown id → 404 ORDER_NOT_FOUND", async () => {
    const created = (await api.post("/orders", { ...topupBody, sms_notification: true }, AUTH.shopLive)).body.data;
    const res = await api.get(`/orders/${created.order_id}`, AUTH.shopLive);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      order_id: created.order_id,
      type: "topup",
      status: "processing",
      delivery_status: "pending",
      phone: GB_PHONE,
      total: "11.49",
      sms_fee: "0.99",
      credits_used: "11.49",
      checkout_mode: "credits",
    });
    const missing = await api.get("/orders/ord_1", AUTH.shopLive);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("ORDER_NOT_FOUND");
  });
});

describe("§4 balance (PRO only)", () => {
  it("§4 GET /balance: balance as a decimal string in EUR with the environment", async () => {
    const res = await api.get("/balance", AUTH.shopLive);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ balance: "5000.00", currency: "EUR", environment: "production" });
    expect((await api.get("/balance", AUTH.shopSandbox)).body.data.environment).toBe("sandbox");
  });

  it("§4 GET /balance/history: recent transactions, newest first, live debits move balance_after, sandbox ones do not", async () => {
    const live = (await api.post("/orders", topupBody, AUTH.shopLive)).body.data.order_id;
    const sandbox = (await api.post("/orders", topupBody, AUTH.shopSandbox)).body.data.order_id;
    const res = await api.get("/balance/history", AUTH.shopLive);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject([
      {
        type: "debit",
        amount: "-10.50",
        order_id: sandbox,
        simulated: true,
        environment: "sandbox",
        balance_after: "4989.50",
      },
      {
        type: "debit",
        amount: "-10.50",
        order_id: live,
        simulated: false,
        environment: "production",
        balance_after: "4989.50",
      },
    ]);
    expect(res.body.meta.has_more).toBe(false);
  });

  it("§5 balance needs balance:read: a token without it gets 403", async () => {
    const token = await ctl.token("pro@emulator.test", "orders:read");
    expect((await api.get("/balance", token)).status).toBe(403);
  });
});

describe("test controls", () => {
  it("/__control/commerce/* is 404 when the emulator runs without controls", async () => {
    const plain = await startEmulator(0, {});
    try {
      expect((await fetch(`${plain.url}/__control/commerce/deliveries`)).status).toBe(404);
      expect((await fetch(`${plain.url}/__control/commerce/balances`)).status).toBe(404);
    } finally {
      await plain.close();
    }
    expect((await fetch(`${emu.url}/__control/commerce/balances`)).status).toBe(200);
  });

  it("PUT /__control/commerce/balances/{account} sets a balance and records the difference in the ledger", async () => {
    const res = await fetch(`${emu.url}/__control/commerce/balances/acct_shop`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ balanceMinor: 500 }),
    });
    expect(res.status).toBe(200);
    expect(await balanceOf(AUTH.shopLive)).toBe("5.00");
    expect((await ctl.ledger("acct_shop"))[0]).toMatchObject({
      kind: "debit",
      amountMinor: 499_500,
      reference: "control",
    });
    const poor = await api.post("/orders", { price_token: TOKENS.giftcard }, AUTH.shopLive);
    expect(poor.body.error.code).toBe("INSUFFICIENT_CREDITS");
  });
});
