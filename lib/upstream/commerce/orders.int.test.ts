import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isUpstreamError, type UpstreamError } from "../errors";
import type { CommerceClient } from "./client";
import { CommerceApiError } from "./errors";
import { POOR_LIVE_KEY, startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";

// Orders, balance, webhooks and eSIM lines through the client, against the emulator with the
// shop's production key (credits are really debited on the emulator's ledger).

const EE_15_GBP = "tp_693d80c392e27ca2caeabf44";
const WORKING_UK_MOBILE = "+447400123456";

let emu: CommerceEmulator;
let api: CommerceClient;

beforeAll(async () => {
  emu = await startCommerceEmulator();
  api = emu.client();
});
beforeEach(() => emu.reset());
afterAll(() => emu.close());

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isUpstreamError(error)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

describe("preview and create with credits", () => {
  it("previews the account-specific breakdown, then creates the order with one debit", async () => {
    const before = await api.getBalance();
    expect(before).toMatchObject({ balance: 500_000, currency: "EUR", environment: "production" });

    const preview = await api.previewOrder({
      price_token: EE_15_GBP,
      phone: WORKING_UK_MOBILE,
      sms_notification: true,
    });
    expect(preview).toMatchObject({
      type: "topup",
      recharge_amount: 1755,
      service_fee: 123,
      sms_fee: 99,
      total: 1977,
      credit_applied: 1977,
      sufficient_credits: true,
    });
    expect(preview.total).toBe(preview.recharge_amount + preview.service_fee + (preview.sms_fee ?? 0));
    // Preview moves nothing.
    expect((await api.getBalance()).balance).toBe(500_000);

    const created = await api.createOrder(
      { price_token: EE_15_GBP, phone: WORKING_UK_MOBILE },
      { idempotencyKey: "order-1" },
    );
    expect(created).toMatchObject({
      type: "topup",
      status: "processing",
      order_id: expect.stringMatching(/^ord_/),
      credits_used: 1878,
      replayed: false,
    });
    expect(created.requestId).toMatch(/^req_/);
    expect((await api.getBalance()).balance).toBe(500_000 - 1878);

    const history = await api.getBalanceHistory();
    expect(history.items[0]).toMatchObject({
      type: "debit",
      amount: -1878,
      order_id: created.order_id,
      balance_after: 500_000 - 1878,
    });
  });

  it("answers a repeated Idempotency-Key with the original order and no second charge", async () => {
    const body = { price_token: EE_15_GBP, phone: WORKING_UK_MOBILE };
    const first = await api.createOrder(body, { idempotencyKey: "local-order-42" });
    const again = await api.createOrder(body, { idempotencyKey: "local-order-42" });
    expect(again.order_id).toBe(first.order_id);
    expect(again.replayed).toBe(true);
    expect((await api.getBalance()).balance).toBe(500_000 - 1878);

    const reused = await failure(
      api.createOrder({ ...body, sms_notification: true }, { idempotencyKey: "local-order-42" }),
    );
    expect(reused).toMatchObject({
      kind: "api",
      canonicalCode: "IDEMPOTENCY_KEY_REUSED",
      status: 422,
      retryable: false,
    });
  });

  it.each([
    ["empty", ""],
    ["too long", "k".repeat(129)],
    ["not printable ASCII", "ключ"],
    ["a control character", "key\n1"],
  ])("refuses an idempotency key that is %s before sending anything", async (_label, key) => {
    const error = await failure(
      api.createOrder({ price_token: EE_15_GBP, phone: WORKING_UK_MOBILE }, { idempotencyKey: key }),
    );
    expect(error).toMatchObject({ kind: "config", code: "INVALID_IDEMPOTENCY_KEY" });
    expect((await emu.counters())["POST /v2/orders"]).toBeUndefined();
  });

  it("surfaces INSUFFICIENT_CREDITS as an api error, not retried, nothing debited", async () => {
    const poor = emu.client(POOR_LIVE_KEY);
    const error = await failure(
      poor.createOrder({ price_token: EE_15_GBP, phone: WORKING_UK_MOBILE }, { idempotencyKey: "poor-1" }),
    );
    expect(error).toBeInstanceOf(CommerceApiError);
    expect(error).toMatchObject({ kind: "api", canonicalCode: "INSUFFICIENT_CREDITS", status: 402, retryable: false });
    expect(error.requestId).toMatch(/^req_/);
    expect((error as CommerceApiError).details).toMatchObject({
      balance: expect.anything(),
      required: expect.anything(),
    });
    expect((await emu.counters())["POST /v2/orders"]).toBe(1);
    expect((await poor.getBalance()).balance).toBe(100);
  });

  it("reports a bad phone number with a buyer-friendly message", async () => {
    const error = await failure(api.previewOrder({ price_token: EE_15_GBP, phone: "+4412" }));
    expect(error).toMatchObject({ kind: "api", canonicalCode: "INVALID_PHONE", status: 422 });
    expect(error.userMessage).toMatch(/phone number is not valid/);
  });
});

describe("reading orders", () => {
  it("gets an order and lists orders by type with the cursor", async () => {
    const topups = [];
    for (const key of ["a", "b", "c"]) {
      topups.push(
        await api.createOrder({ price_token: EE_15_GBP, phone: WORKING_UK_MOBILE }, { idempotencyKey: `list-${key}` }),
      );
    }
    const giftcard = await api.createOrder(
      { price_token: "gc_b1bfcb9d2bb0743a9bbdc614" },
      { idempotencyKey: "list-gc" },
    );

    const detail = await api.getOrder(topups[0]!.order_id!);
    expect(detail).toMatchObject({
      order_id: topups[0]!.order_id,
      type: "topup",
      phone: WORKING_UK_MOBILE,
      total: 1878,
      delivery_status: "pending",
    });

    const page1 = await api.listOrders({ type: "topup", limit: 2 });
    expect(page1.items.map((o) => o.order_id)).toEqual([topups[2]!.order_id, topups[1]!.order_id]);
    expect(page1.hasMore).toBe(true);
    const page2 = await api.listOrders({ type: "topup", limit: 2, cursor: page1.cursor! });
    expect(page2.items.map((o) => o.order_id)).toEqual([topups[0]!.order_id]);
    expect(page2.hasMore).toBe(false);

    const giftcards = await api.listOrders({ type: "giftcard" });
    expect(giftcards.items.map((o) => o.order_id)).toEqual([giftcard.order_id]);
  });

  it("finds the order a paid payment-link checkout became, by checkout_hash", async () => {
    const checkout = await api.createOrder(
      { price_token: "gc_b1bfcb9d2bb0743a9bbdc614", checkout_mode: "payment_link" },
      { idempotencyKey: "link-1" },
    );
    expect(checkout).toMatchObject({
      status: "awaiting_payment",
      order_id: null,
      payment_link: expect.stringContaining("/v2/checkout/"),
    });
    expect(checkout.checkout_hash).toMatch(/^[0-9a-f]{32,64}$/);
    expect((await api.listOrders({ checkout_hash: checkout.checkout_hash! })).items).toEqual([]);

    await emu.control("POST", `/commerce/checkout/${checkout.checkout_hash}/pay`);
    const paid = await api.listOrders({ checkout_hash: checkout.checkout_hash! });
    expect(paid.items).toHaveLength(1);
    expect(paid.items[0]).toMatchObject({
      type: "giftcard",
      checkout_hash: checkout.checkout_hash,
      order_id: expect.any(String),
    });
  });

  it("reads the upper-case MANUAL_REVISION status as sent", async () => {
    const manual = await api.createOrder(
      { price_token: "tp_462b4dfcebddb992f2d35a26", phone: WORKING_UK_MOBILE },
      { idempotencyKey: "manual-1" },
    );
    await emu.advanceClock(5_000);
    expect((await api.getOrder(manual.order_id!)).status).toBe("MANUAL_REVISION");
  });

  it("reads ORDER_NOT_FOUND as an api error", async () => {
    expect(await failure(api.getOrder("ord_999999"))).toMatchObject({
      kind: "api",
      canonicalCode: "ORDER_NOT_FOUND",
      status: 404,
    });
  });
});

describe("travel eSIM orders and lines", () => {
  it("creates an eSIM order through the alias, and reads its fulfillment and its line", async () => {
    const plan = await api.getEsimProduct("fr-5gb-30d");
    const body = { price_token: plan.price_token, catalog_id: plan.catalog_id };
    expect(await api.previewEsimOrder(body)).toMatchObject({ type: "esim", total: plan.price, service_fee: 0 });

    const created = await api.createEsimOrder(body, { idempotencyKey: "esim-1" });
    expect(created).toMatchObject({ type: "esim", status: "processing", credits_used: plan.price });
    expect((await api.getOrder(created.order_id!)).iccid).toBeNull();

    await emu.advanceClock(5_000); // the emulator fulfils after 3 s of its clock
    const order = await api.getOrder(created.order_id!);
    expect(order).toMatchObject({ status: "fulfilled", balance_amount: "5.00", balance_unit: "GB" });
    expect(order.iccid).toMatch(/^\d{20}$/);
    expect(order.lpa_string).toMatch(/^LPA:1\$[^$]+\$[A-Z0-9-]+$/);
    expect(order.qr_code_url).toContain("/v2/esim/qr/");

    const line = await api.getEsimLine(order.iccid!);
    expect(line).toMatchObject({
      iccid: order.iccid,
      order_id: created.order_id,
      catalog_id: "fr-5gb-30d",
      country_iso: "fr",
      coverage_type: "COUNTRY",
    });
    expect(line.consumption).toMatchObject({ unlimited: false, data_remaining_gb: 5 });

    const listed = await api.listOrders({ type: "esim" });
    expect(listed.items[0]!.balance_amount).toBe("per order basis");
  });

  it("tells ESIM_DISABLED apart when the host has eSIM switched off", async () => {
    const plan = await api.getEsimProduct("fr-5gb-30d");
    await emu.setConfig({ esimEnabled: false });
    try {
      const listing = await failure(api.listEsimProducts({ country_iso: "fr" }));
      expect(listing).toMatchObject({ kind: "api", canonicalCode: "ESIM_DISABLED", status: 404, retryable: false });
      expect(listing.userMessage).toMatch(/eSIMs are not available/);
      const ordering = await failure(
        api.createOrder({ price_token: plan.price_token, catalog_id: plan.catalog_id }, { idempotencyKey: "esim-off" }),
      );
      expect(ordering).toMatchObject({ kind: "api", canonicalCode: "ESIM_DISABLED", status: 404 });
      expect((await api.getStatus()).services?.esim).toBe("disabled");
    } finally {
      await emu.setConfig({ esimEnabled: true });
    }
  });
});

describe("webhooks", () => {
  it("creates (secret once), lists, reads, updates and deletes a subscription", async () => {
    const created = await api.createWebhook({
      url: "https://shop.example/api/webhooks/commerce",
      events: ["order.completed", "order.failed"],
    });
    expect(created.secret).toMatch(/^whsec_/);
    // The live name order.completed is stored as the spec's order.fulfilled.
    expect(created).toMatchObject({
      url: "https://shop.example/api/webhooks/commerce",
      events: ["order.fulfilled", "order.failed"],
      status: "active",
    });

    const listed = await api.listWebhooks();
    expect(listed.map((w) => w.id)).toEqual([created.id]);
    expect(listed[0]).not.toHaveProperty("secret");
    expect(await api.getWebhook(created.id)).toMatchObject({ id: created.id, status: "active" });

    expect(await api.updateWebhook(created.id, { status: "disabled", events: ["order.fulfilled"] })).toMatchObject({
      status: "disabled",
      events: ["order.fulfilled"],
    });

    await api.deleteWebhook(created.id);
    expect(await api.listWebhooks()).toEqual([]);
    expect(await failure(api.getWebhook(created.id))).toMatchObject({
      canonicalCode: "WEBHOOK_NOT_FOUND",
      status: 404,
    });
  });

  it("reports the sixth webhook as WEBHOOK_LIMIT_REACHED", async () => {
    for (let i = 0; i < 5; i++)
      await api.createWebhook({ url: `https://shop.example/hook/${i}`, events: ["order.created"] });
    const error = await failure(api.createWebhook({ url: "https://shop.example/hook/6", events: ["order.created"] }));
    expect(error).toMatchObject({ kind: "api", canonicalCode: "WEBHOOK_LIMIT_REACHED", status: 422 });
  });
});
